import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices } from '../db/schema';
import type { Membership } from './membership.queries';

/**
 * Which trackers of the account (`id`) someone sees: all of them for admins and members with
 * full device access, else those in device_ids or in one of group_ids. A Membership is one.
 */
export type DeviceScope = Pick<
  Membership,
  'id' | 'role' | 'full_device_access' | 'device_ids' | 'group_ids'
>;

/** Admins see every device of their account; others see all only with full device access. */
export function seesAllDevices(scope: Pick<DeviceScope, 'role' | 'full_device_access'>) {
  return scope.role === 'admin' || scope.full_device_access;
}

/**
 * The devices of the account the member may see, as a SQL condition on `devices`: all of
 * them, or those listed in device_ids or belonging to one of the member's group_ids.
 */
export function visibleDevices(scope: DeviceScope): SQL {
  const inAccount = eq(devices.account_id, scope.id);
  if (seesAllDevices(scope)) return inAccount;
  const ids = scope.device_ids.length > 0 ? scope.device_ids : [-1];
  const groups = scope.group_ids.length > 0 ? scope.group_ids : [-1];
  return and(
    inAccount,
    or(deviceIdIn(ids), sql`${devices.group_ids} && ${sql.param(groups)}::int[]`),
  )!;
}

/** `devices.id` is one of `ids`. */
export const deviceIdIn = (ids: readonly number[]): SQL =>
  sql`${devices.id} = ANY(${sql.param(ids)}::int[])`;

/** The devices the member may see, limited to `ids` when given. */
export function visibleDevicesAmong(scope: DeviceScope, ids: readonly number[] | undefined): SQL {
  return ids ? and(visibleDevices(scope), deviceIdIn(ids))! : visibleDevices(scope);
}

/** The ids among `ids` that the member may see (all must belong to the account). */
export async function visibleAmong(
  db: Db,
  scope: DeviceScope,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(visibleDevicesAmong(scope, ids));
  return rows.map((r) => r.id);
}

/** Ids of the devices the member may see, or null for "all of the account's". */
export async function visibleDeviceIds(db: Db, scope: DeviceScope): Promise<Set<number> | null> {
  if (seesAllDevices(scope)) return null;
  const rows = await db.select({ id: devices.id }).from(devices).where(visibleDevices(scope));
  return new Set(rows.map((r) => r.id));
}

/**
 * Who sees the same trackers: the account, and either "all of them" or the member's own
 * device and group lists.
 */
export function visibilityKey(scope: DeviceScope): string {
  return seesAllDevices(scope)
    ? `${scope.id}:all`
    : `${scope.id}:${scope.device_ids.join(',')}:${scope.group_ids.join(',')}`;
}

/** The account a tracker belongs to, for routes that name the tracker alone. */
export async function accountOfDevice(db: Db, deviceId: number) {
  const [row] = await db
    .select({ account_id: devices.account_id })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row?.account_id;
}
