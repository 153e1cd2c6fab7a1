import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountMemberships, users } from '../../db/schema';

export type AccountUserRow = Awaited<ReturnType<typeof accountUsers>>['rows'][number];

/** A page of the account's users, searched by name or e-mail. */
export async function accountUsers(
  db: Db,
  accountId: number,
  options: { search?: string; limit: number; offset: number },
) {
  const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    eq(accountMemberships.account_id, accountId),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: accountMemberships.role,
        full_device_access: accountMemberships.full_device_access,
        device_ids: accountMemberships.device_ids,
        group_ids: accountMemberships.group_ids,
      })
      .from(accountMemberships)
      .innerJoin(users, eq(users.id, accountMemberships.user_id))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: count() })
      .from(accountMemberships)
      .innerJoin(users, eq(users.id, accountMemberships.user_id))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
