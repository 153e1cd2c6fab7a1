import { ROLE_LABELS, type Role } from '@waymark/domain';
import type { AccountUser } from '../../api/manage';

/** Devices column of the users list (spec 002 §2.3). */
export function deviceAccessLabel(
  user: Pick<AccountUser, 'full_device_access' | 'devices_count'>,
): string {
  if (user.full_device_access) return 'All Devices';
  const count = user.devices_count ?? 0;
  return count === 1 ? '1 Device' : `${count} Devices`;
}

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}
