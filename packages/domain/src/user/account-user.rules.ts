import type { Role } from '../account/account.schema';

/** Texts of user access and invitations (spec 002 §5, §8; 001 §2). */
export const USER_ACCESS_MESSAGES = {
  incorrectEmails: 'Incorrect list of emails provided.',
  inviteFailed: 'An error occurred. Please try again later.',
  invited: 'The user was successfully invited',
  permissionsUpdated: 'The user permissions were successfully updated',
  invitationInvalid: 'This invitation link is invalid or has expired.',
  adminOnly: 'Only an account admin can grant or change the Admin role.',
  notYourself: 'You cannot change or remove your own access.',
  unknownDevices: 'Some of these trackers are not in this account.',
  unknownGroups: 'Some of these groups are not in this account.',
  platformAdminNotInvitable: 'A platform admin cannot join a customer account.',
  loginMadeSince: 'You already have a login: enter its password to accept the invitation.',
} as const;

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** Most addresses one invitation may name (one request, one mail job each). */
export const MAX_INVITE_EMAILS = 50;

/** The role an invitation starts with (spec 002 §5). */
export const DEFAULT_INVITE_ROLE: Role = 'manager';

/**
 * The e-mail addresses of the invite form's text: split on commas and semicolons (spec 002
 * §5), trimmed, empties dropped, lower-cased and each once.
 */
export function parseEmailList(text: string): string[] {
  const emails = text
    .split(/[,;]/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(emails)];
}

/** An Admin always has every tracker (spec 001 §6: choosing admin forces full access on). */
export function forcesFullAccess(role: Role): boolean {
  return role === 'admin';
}

/** What is stored for a role and the access asked for: admin always full, lists kept otherwise. */
export function effectiveAccess(access: {
  role: Role;
  full_device_access: boolean;
  device_ids: number[];
  group_ids: number[];
}) {
  const full = forcesFullAccess(access.role) || access.full_device_access;
  return {
    role: access.role,
    full_device_access: full,
    device_ids: full ? [] : [...new Set(access.device_ids)],
    group_ids: full ? [] : [...new Set(access.group_ids)],
  };
}

/** The Devices column of the users list (spec 002 §2.3); undefined count: still counting. */
export function devicesLabel(fullDeviceAccess: boolean, count: number | null | undefined): string {
  if (fullDeviceAccess) return 'All Devices';
  if (count === null || count === undefined) return 'Loading';
  return count === 1 ? '1 Device' : `${count} Devices`;
}
