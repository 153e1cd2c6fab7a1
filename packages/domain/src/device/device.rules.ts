/** Spec 000 §4 and §9: thresholds every tracker screen shares. */
export const LOW_BATTERY = 20;
export const MEDIUM_BATTERY = 40;
export const STALE_YELLOW_DAYS = 14;
export const STALE_RED_DAYS = 28;
const DAY_MS = 86_400_000;

export type MarkerColour = 'red' | 'yellow' | 'gray' | 'green' | 'blue';

export interface MarkerInput {
  /** ISO time of the last fix, or null when the tracker never reported. */
  timestamp: string | null;
  last_movement_time: string | null;
  is_inside_geofences: boolean;
  expected_report_minutes: number | null;
}

/**
 * The marker colour of a tracker (spec 000 §4), first rule that holds wins: red after 28 days
 * without movement, yellow after 14, gray when the last report is overdue (last fix plus the
 * model's expected_report_minutes is past), green inside a geofence, otherwise blue.
 * Without a recorded movement the last fix time stands in for it.
 */
export function markerColour(p: MarkerInput, now: Date): MarkerColour {
  const nowMs = now.getTime();
  const still = p.last_movement_time ?? p.timestamp;
  if (still) {
    const idleDays = (nowMs - Date.parse(still)) / DAY_MS;
    if (idleDays >= STALE_RED_DAYS) return 'red';
    if (idleDays >= STALE_YELLOW_DAYS) return 'yellow';
  }
  if (isOverdue(p.timestamp, p.expected_report_minutes, now)) return 'gray';
  if (p.is_inside_geofences) return 'green';
  return 'blue';
}

/** A tracker is overdue when its last fix plus expected_report_minutes is in the past. */
export function isOverdue(timestamp: string | null, expectedMinutes: number | null, now: Date) {
  if (!timestamp || !expectedMinutes) return false;
  return Date.parse(timestamp) + expectedMinutes * 60_000 < now.getTime();
}

export type BatteryLevel = 'red' | 'yellow' | 'green' | 'empty';

/** Battery badge: red below 20, yellow 20–39, green 40 or more; 0 shows a slashed bolt. */
export function batteryLevel(percent: number): BatteryLevel {
  if (percent <= 0) return 'empty';
  if (percent < LOW_BATTERY) return 'red';
  if (percent < MEDIUM_BATTERY) return 'yellow';
  return 'green';
}

export type SpeedColour = 'red' | 'orange' | 'dark' | 'white';

/** The trail's speed bands (spec 001 §7), in m/s as positions carry speed. */
export const STOPPED_MAX_MPS = 0.5;
export const SLOW_MAX_MPS = 4;

/** Trail points by speed in m/s: red at 0.5 or below, orange up to 4, else dark (white on satellite). */
export function speedColour(speedMps: number | null, satellite: boolean): SpeedColour {
  const speed = speedMps ?? 0;
  if (speed <= STOPPED_MAX_MPS) return 'red';
  if (speed <= SLOW_MAX_MPS) return 'orange';
  return satellite ? 'white' : 'dark';
}

/** Subscription statuses as trackers show them (spec 000 §4). */
export const SUBSCRIPTION_LABELS: Record<string, string> = {
  active: 'Active',
  pending: 'Provisioned',
  'pending-renewal': 'Pending Renewal',
  'pending-cancellation': 'Pending Cancellation',
  cancelled: 'Cancelled',
  blocked: 'Blocked',
  archived: 'Cancelled',
};
export const NO_DATA_LABEL = 'No Data';

/**
 * The badge a tracker shows (spec 000 §4): 'No Data' for one that should report and has no
 * position yet; a pending tracker has not been shipped, so it reads 'Provisioned' in the list
 * as on its details; otherwise its subscription's label. Null shows no badge.
 */
export function trackerBadgeLabel(status: string | null, hasPosition: boolean): string | null {
  if (status === 'pending') return SUBSCRIPTION_LABELS.pending!;
  if (!hasPosition) return NO_DATA_LABEL;
  return status ? (SUBSCRIPTION_LABELS[status] ?? status) : null;
}
export const PENDING_TRACKER_MESSAGE =
  'Your tracker is being provisioned. You will receive an email once the tracker has been assigned to your account and shipped.';

/** Default subscription statuses of device lists (spec 002 §9); cancelled and blocked by flag. */
export function listedStatuses(canSeeCancelledDevices: boolean): string[] {
  const base = ['active', 'pending', 'pending-renewal', 'pending-cancellation'];
  return canSeeCancelledDevices ? [...base, 'cancelled', 'blocked'] : base;
}

/**
 * The trackers search (spec 000 §2.3): name, serial or address contains the text, any case.
 * The trackers list and Scout's search_trackers tool both use it.
 */
export function matchesTrackerSearch(
  device: { name: string; serial: string; current_position: { address: string | null } | null },
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [device.name, device.serial, device.current_position?.address ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
  );
}
