import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountMemberships, accounts, notificationSettings, users } from '../../db/schema';

/**
 * E-mail addresses of the account's Admins and Managers whose flag `code` is on (absent means
 * on: billing and subscription notifications default to on, spec 001 §3).
 */
export async function noticeRecipients(db: Db, accountId: number, code: string) {
  const rows = await db
    .select({ email: users.email, title: accounts.title })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.user_id))
    .innerJoin(accounts, eq(accounts.id, accountMemberships.account_id))
    .leftJoin(
      notificationSettings,
      and(
        eq(notificationSettings.user_id, accountMemberships.user_id),
        eq(notificationSettings.account_id, accountMemberships.account_id),
        eq(notificationSettings.code, code),
      ),
    )
    .where(
      and(
        eq(accountMemberships.account_id, accountId),
        inArray(accountMemberships.role, ['admin', 'manager']),
        sql`coalesce(${notificationSettings.value}, 1) = 1`,
      ),
    );
  return rows;
}
