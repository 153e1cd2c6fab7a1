import { isOverdue, LOW_BATTERY, STOPPED_MAX_MPS } from './device.rules';

/**
 * The trackers list's status chips (issue 37 §3), in the order they show. A tracker is in
 * exactly one of moving, stopped and offline (what its row's status says), and may also be
 * low on battery and in alarm.
 */
export const FLEET_STATUSES = ['moving', 'stopped', 'offline', 'low_battery', 'alarm'] as const;
export type FleetStatus = (typeof FLEET_STATUSES)[number];
export type MotionStatus = 'moving' | 'stopped' | 'offline';

export const FLEET_STATUS_LABELS: Record<FleetStatus, string> = {
  moving: 'Moving',
  stopped: 'Stopped',
  offline: 'Offline',
  low_battery: 'Low battery',
  alarm: 'Alarm',
};

/** What the statuses are read from: a tracker of the list with its current position. */
export interface FleetStatusInput {
  expected_report_minutes: number | null;
  sos: boolean;
  overspeed: boolean;
  current_position: { timestamp: string; speed: number | null; battery: number | null } | null;
}

/**
 * Offline: never reported, or its report is overdue (last fix plus the model's
 * expected_report_minutes is past, the gray marker of spec 000 §4). Otherwise moving when its
 * last fix is faster than 0.5 m/s (above the trail's stopped band, spec 000 §4), else stopped.
 */
export function motionStatus(t: FleetStatusInput, now: Date): MotionStatus {
  const p = t.current_position;
  if (!p || isOverdue(p.timestamp, t.expected_report_minutes, now)) return 'offline';
  return (p.speed ?? 0) > STOPPED_MAX_MPS ? 'moving' : 'stopped';
}

/** Low battery: the last fix reports under 20 % (the red battery badge, spec 000 §4). */
export function isLowBattery(t: FleetStatusInput): boolean {
  const battery = t.current_position?.battery;
  return battery != null && battery < LOW_BATTERY;
}

/** Alarm: the tracker's SOS or overspeed flag is up. */
export function isInAlarm(t: FleetStatusInput): boolean {
  return t.sos || t.overspeed;
}

/** True when the tracker belongs under the chip `status` at `now`. */
export function hasFleetStatus(t: FleetStatusInput, status: FleetStatus, now: Date): boolean {
  switch (status) {
    case 'low_battery':
      return isLowBattery(t);
    case 'alarm':
      return isInAlarm(t);
    default:
      return motionStatus(t, now) === status;
  }
}

/** How many trackers each chip holds, from the same test as the chip's filter. */
export function countFleetStatuses(
  trackers: readonly FleetStatusInput[],
  now: Date,
): Record<FleetStatus, number> {
  const counts: Record<FleetStatus, number> = {
    moving: 0,
    stopped: 0,
    offline: 0,
    low_battery: 0,
    alarm: 0,
  };
  for (const t of trackers) {
    counts[motionStatus(t, now)] += 1;
    if (isLowBattery(t)) counts.low_battery += 1;
    if (isInAlarm(t)) counts.alarm += 1;
  }
  return counts;
}
