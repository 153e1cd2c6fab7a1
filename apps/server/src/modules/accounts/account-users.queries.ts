import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { accountMemberships, deviceGroups, devices, users } from '../../db/schema';

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: accountMemberships.role,
  full_device_access: accountMemberships.full_device_access,
  device_ids: accountMemberships.device_ids,
  group_ids: accountMemberships.group_ids,
};

/**
 * Trackers of the account a member sees through device_ids and group_ids alike (null for full
 * access); the same rule as `visibleDevices`, counted per row.
 */
const devicesCount = sql<number | null>`CASE
  WHEN ${accountMemberships.role} = 'admin' OR ${accountMemberships.full_device_access} THEN NULL
  ELSE (SELECT count(*)::int FROM ${devices} d
        WHERE d.account_id = ${accountMemberships.account_id}
          AND (d.id = ANY(${accountMemberships.device_ids})
               OR d.group_ids && ${accountMemberships.group_ids}))
END`;

export type AccountUserRow = NonNullable<Awaited<ReturnType<typeof accountUser>>>;

/** A page of the account's users, searched by name or e-mail; counts only when asked. */
export async function accountUsers(
  db: Db,
  accountId: number,
  options: { search?: string; limit: number; offset: number; withCounts: boolean },
) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = and(
    eq(accountMemberships.account_id, accountId),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...userColumns,
        devices_count: options.withCounts ? devicesCount : sql<null>`NULL`,
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

/** One user of the account with the trackers they see counted; undefined when not a member. */
export async function accountUser(db: Db, accountId: number, userId: number) {
  const [row] = await db
    .select({ ...userColumns, devices_count: devicesCount })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.user_id))
    .where(
      and(eq(accountMemberships.account_id, accountId), eq(accountMemberships.user_id, userId)),
    );
  return row;
}

export interface AccessValues {
  role: 'admin' | 'manager' | 'user' | 'viewer';
  full_device_access: boolean;
  device_ids: number[];
  group_ids: number[];
}

export async function updateMembership(
  db: Db,
  accountId: number,
  userId: number,
  access: AccessValues,
) {
  await db
    .update(accountMemberships)
    .set({ ...access, updated_at: sql`now()` })
    .where(
      and(eq(accountMemberships.account_id, accountId), eq(accountMemberships.user_id, userId)),
    );
}

export async function deleteMembership(db: Db, accountId: number, userId: number) {
  await db
    .delete(accountMemberships)
    .where(
      and(eq(accountMemberships.account_id, accountId), eq(accountMemberships.user_id, userId)),
    );
}

/** The ids among `ids` that are trackers of the account. */
export async function accountDeviceIds(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.account_id, accountId), inArray(devices.id, ids)));
  return rows.map((r) => r.id);
}

/** The ids among `ids` that are groups of the account. */
export async function accountGroupIds(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.account_id, accountId), inArray(deviceGroups.id, ids)));
  return rows.map((r) => r.id);
}
