import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import type { Membership } from '../accounts/accounts.queries';

/** Admins see every device of their account; others see all only with full device access. */
export function seesAllDevices(membership: Pick<Membership, 'role' | 'full_device_access'>) {
  return membership.role === 'admin' || membership.full_device_access;
}

/**
 * The devices of the account the member may see, as a SQL condition on `devices`: all of
 * them, or those listed in device_ids or belonging to one of the member's group_ids.
 */
export function visibleDevices(
  membership: Pick<Membership, 'id' | 'role' | 'full_device_access' | 'device_ids' | 'group_ids'>,
): SQL {
  const inAccount = eq(devices.account_id, membership.id);
  if (seesAllDevices(membership)) return inAccount;
  const ids = membership.device_ids.length > 0 ? membership.device_ids : [-1];
  const groups = membership.group_ids.length > 0 ? membership.group_ids : [-1];
  return and(
    inAccount,
    or(deviceIdIn(ids), sql`${devices.group_ids} && ${sql.param(groups)}::int[]`),
  )!;
}

/** `devices.id` is one of `ids`. */
export const deviceIdIn = (ids: readonly number[]): SQL =>
  sql`${devices.id} = ANY(${sql.param(ids)}::int[])`;

/** The devices the member may see, limited to `ids` when given. */
export function visibleDevicesAmong(
  membership: Parameters<typeof visibleDevices>[0],
  ids: readonly number[] | undefined,
): SQL {
  return ids ? and(visibleDevices(membership), deviceIdIn(ids))! : visibleDevices(membership);
}

/** Ids of the devices the member may see, or null for "all of the account's". */
export async function visibleDeviceIds(
  db: Db,
  membership: Membership,
): Promise<Set<number> | null> {
  if (seesAllDevices(membership)) return null;
  const rows = await db.select({ id: devices.id }).from(devices).where(visibleDevices(membership));
  return new Set(rows.map((r) => r.id));
}

/**
 * Who sees the same trackers: the account, and either "all of them" or the member's own
 * device and group lists.
 */
export function visibilityKey(membership: Membership): string {
  return seesAllDevices(membership)
    ? `${membership.id}:all`
    : `${membership.id}:${membership.device_ids.join(',')}:${membership.group_ids.join(',')}`;
}
