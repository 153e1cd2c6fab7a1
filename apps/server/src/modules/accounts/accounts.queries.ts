import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

export async function apiTokenOf(db: Db, accountId: number) {
  const [row] = await db
    .select({ api_token: accounts.api_token })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.api_token ?? null;
}

export async function setApiToken(db: Db, accountId: number, token: string) {
  await db.update(accounts).set({ api_token: token }).where(eq(accounts.id, accountId));
}
