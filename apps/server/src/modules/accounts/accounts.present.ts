import type { AccountUserRow } from './account-users.queries';

/** A user of the account with their access; devices_count is null for full device access. */
export const presentAccountUser = (row: AccountUserRow) => ({
  ...row,
  devices_count: row.full_device_access ? null : row.device_ids.length,
});
