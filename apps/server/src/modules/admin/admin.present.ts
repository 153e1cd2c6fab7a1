import type { AdminAccount } from '@waymark/domain';
import type { Membership } from '../../access/membership.queries';
import type { AccountSize, UnassignedDeviceRow } from './admin.queries';

export const presentUnassignedDevice = (row: UnassignedDeviceRow) => ({
  ...row,
  first_seen_at: row.first_seen_at.toISOString(),
  last_seen_at: row.last_seen_at.toISOString(),
});

/** The platform-admin view of an account without its (empty) device lists, with its size. */
export function presentAdminAccount(view: Membership, size: AccountSize | undefined): AdminAccount {
  const { device_ids: _deviceIds, group_ids: _groupIds, ...account } = view;
  return {
    ...account,
    devices_count: size?.devices_count ?? 0,
    users_count: size?.users_count ?? 0,
  };
}
