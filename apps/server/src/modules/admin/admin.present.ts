import type { AdminAccount, AdminDevice } from '@waymark/domain';
import type { Membership } from '../../access/membership.queries';
import type { AdminDeviceRow } from './admin-devices.queries';
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

export function presentAdminDevice(row: AdminDeviceRow): AdminDevice {
  const { account_id, account_title, last_fix_at, ...device } = row;
  return {
    ...device,
    account: { id: account_id, title: account_title },
    last_fix_at: last_fix_at?.toISOString() ?? null,
  };
}
