import { asc, count, desc, ilike, inArray, sql } from 'drizzle-orm';
import type { AdminAccountCreate } from '@waymark/domain';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { accountMemberships, accounts, devices, unknownDevices } from '../../db/schema';

/** Serials that reported without belonging to a tracker, most recently heard first. */
export function unassignedDevices(db: Db, limit: number) {
  return db.select().from(unknownDevices).orderBy(desc(unknownDevices.last_seen_at)).limit(limit);
}

export type UnassignedDeviceRow = Awaited<ReturnType<typeof unassignedDevices>>[number];

/** A page of every account's id, by title, searched by title. */
export async function accountIdsPage(
  db: Db,
  options: { search?: string; limit: number; offset: number },
) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = pattern ? ilike(accounts.title, pattern) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: accounts.id })
      .from(accounts)
      .where(where)
      .orderBy(asc(accounts.title), asc(accounts.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(accounts).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.total ?? 0 };
}

export interface AccountSize {
  devices_count: number;
  users_count: number;
}

/** How many trackers and members each of these accounts has (0 when none). */
export async function accountSizes(db: Db, accountIds: number[]) {
  if (accountIds.length === 0) return new Map<number, AccountSize>();
  const [deviceCounts, userCounts] = await Promise.all([
    db
      .select({ id: devices.account_id, n: count() })
      .from(devices)
      .where(inArray(devices.account_id, accountIds))
      .groupBy(devices.account_id),
    db
      .select({ id: accountMemberships.account_id, n: count() })
      .from(accountMemberships)
      .where(inArray(accountMemberships.account_id, accountIds))
      .groupBy(accountMemberships.account_id),
  ]);
  const countOf = (rows: { id: number; n: number }[], id: number) =>
    rows.find((row) => row.id === id)?.n ?? 0;
  return new Map(
    accountIds.map((id) => [
      id,
      { devices_count: countOf(deviceCounts, id), users_count: countOf(userCounts, id) },
    ]),
  );
}

/** Whether an account already has this title, compared without case. */
export async function accountTitleTaken(db: Db, title: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.title}) = lower(${title})`)
    .limit(1);
  return row !== undefined;
}

/** A new account with its flags; its settings start empty (every on/off setting off). */
export async function insertAccount(db: Db, values: AdminAccountCreate) {
  const [row] = await db.insert(accounts).values(values).returning({ id: accounts.id });
  return row!.id;
}
