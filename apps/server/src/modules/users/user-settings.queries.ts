import { and, asc, eq, sql } from 'drizzle-orm';
import type { Setting } from '@waymark/domain';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';

export async function readUserSettings(db: Db, userId: number, accountId: number) {
  return db
    .select({ code: userSettings.code, value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.user_id, userId), eq(userSettings.account_id, accountId)))
    .orderBy(asc(userSettings.code));
}

export async function writeUserSettings(
  db: Db,
  userId: number,
  accountId: number,
  settings: Setting[],
) {
  if (settings.length === 0) return;
  await db
    .insert(userSettings)
    .values(settings.map((s) => ({ user_id: userId, account_id: accountId, ...s })))
    .onConflictDoUpdate({
      target: [userSettings.user_id, userSettings.account_id, userSettings.code],
      set: { value: sql`excluded.value` },
    });
}
