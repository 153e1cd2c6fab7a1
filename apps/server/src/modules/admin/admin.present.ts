import type { UnassignedDeviceRow } from './admin.queries';

export const presentUnassignedDevice = (row: UnassignedDeviceRow) => ({
  ...row,
  first_seen_at: row.first_seen_at.toISOString(),
  last_seen_at: row.last_seen_at.toISOString(),
});
