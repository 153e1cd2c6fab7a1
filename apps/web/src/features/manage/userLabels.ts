import { ROLE_LABELS, type Role } from '@waymark/domain';
import type { AccountUser } from '../../api/manage';

/** Devices column of the users list (spec 002 §2.3). */
export function deviceAccessLabel(
  user: Pick<AccountUser, 'full_device_access' | 'devices_count'>,
): string {
  if (user.full_device_access) return 'All Devices';
  // No count from the server is shown as unknown rather than as a misleading zero.
  if (user.devices_count === null) return '-';
  return user.devices_count === 1 ? '1 Device' : `${user.devices_count} Devices`;
}

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}
