import { listedStatuses } from '../device/device.rules';
import { GROUP_MESSAGES } from './group.schema';

/** Rows per page in the group wizard's tracker tables (spec 002 §9). */
export const GROUP_WIZARD_PAGE_SIZE = 10;
/** Tracker names in the wizard are cut at this many characters (spec 002 §9). */
export const GROUP_WIZARD_NAME_LENGTH = 20;
/** Steps of the group wizard (spec 002 §2.9). */
export const GROUP_WIZARD_STEPS = 3;

/** A tracker name as the wizard shows it: at most 20 characters, then an ellipsis. */
export function wizardName(name: string): string {
  return name.length > GROUP_WIZARD_NAME_LENGTH
    ? `${name.slice(0, GROUP_WIZARD_NAME_LENGTH)}…`
    : name;
}

/** The wizard pager's text: 'a to b / total result(s)', or 'No results' (spec 002 §2.9). */
export function pagerLabel(page: number, pageSize: number, total: number): string {
  if (total <= 0) return 'No results';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `${from} to ${to} / ${total} result(s)`;
}

/** Pages needed for `total` rows; at least 1 so an empty table is on page 1 of 1. */
export function pagerLastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Subscription statuses on the B2B group pages: the account's list statuses plus cancelled
 * (spec 002 §9 "B2B group and geofence pages add cancelled").
 */
export function groupPageStatuses(canSeeCancelledDevices: boolean): string[] {
  const statuses = listedStatuses(canSeeCancelledDevices);
  return statuses.includes('cancelled') ? statuses : [...statuses, 'cancelled'];
}

/** A group's name for back buttons and titles; empty names show 'No Name' (spec 000 §2.3). */
export function groupLabel(name: string | null | undefined): string {
  return name && name.trim() ? name : GROUP_MESSAGES.unnamed;
}
