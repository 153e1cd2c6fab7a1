import { devicesLabel, ROLE_LABELS, type AccountUser, type Role } from '@waymark/domain';

/**
 * Devices column of the users list (spec 002 §2.3): 'All Devices', 'N Devices', or 'Loading'
 * while the count (`undefined`) is on its way.
 */
export function deviceAccessLabel(
  user: Pick<AccountUser, 'full_device_access'>,
  count: number | null | undefined,
): string {
  return devicesLabel(user.full_device_access, count);
}

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}
