import { eq } from 'drizzle-orm';
import type { PositionFilterSettings } from '@waymark/domain';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

export async function apiTokenOf(db: Db, accountId: number) {
  const [row] = await db
    .select({ api_token: accounts.api_token })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.api_token ?? null;
}

/** The account's position filter bounds (columns with defaults, so every account has them). */
export async function positionFilterOf(db: Db, accountId: number) {
  const [row] = await db
    .select({
      max_speed_kmh: accounts.filter_max_speed_kmh,
      max_accuracy_m: accounts.filter_max_accuracy_m,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

export async function setPositionFilter(db: Db, accountId: number, bounds: PositionFilterSettings) {
  await db
    .update(accounts)
    .set({
      filter_max_speed_kmh: bounds.max_speed_kmh,
      filter_max_accuracy_m: bounds.max_accuracy_m,
      updated_at: new Date(),
    })
    .where(eq(accounts.id, accountId));
}

export async function setApiToken(db: Db, accountId: number, token: string) {
  await db.update(accounts).set({ api_token: token }).where(eq(accounts.id, accountId));
}
