import type { AccountUser } from '@waymark/domain';
import type { AccountUserRow } from './account-users.queries';

/** A user of the account with their access; devices_count is null for full device access. */
export const presentAccountUser = (
  row: Omit<AccountUserRow, 'devices_count'> & { devices_count: number | null },
): AccountUser => ({
  ...row,
  full_device_access: row.role === 'admin' || row.full_device_access,
  devices_count: row.devices_count === null ? null : Number(row.devices_count),
});
