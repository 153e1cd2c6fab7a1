import { describe, expect, it } from 'vitest';
import {
  countFleetStatuses,
  hasFleetStatus,
  motionStatus,
  type FleetStatusInput,
} from './fleet-status.rules';
import { sortTrackers } from './tracker-sort.rules';

const now = new Date('2026-12-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
const tracker = (
  id: number,
  p: { minutes: number; speed: number | null; battery: number | null } | null,
  flags: Partial<Pick<FleetStatusInput, 'sos' | 'overspeed'>> = {},
) => ({
  id,
  name: `T${id}`,
  expected_report_minutes: 60,
  sos: flags.sos ?? false,
  overspeed: flags.overspeed ?? false,
  current_position: p
    ? { timestamp: minutesAgo(p.minutes), speed: p.speed, battery: p.battery }
    : null,
});

describe('fleet statuses', () => {
  it('is offline without a position or once the report is overdue', () => {
    expect(motionStatus(tracker(1, null), now)).toBe('offline');
    expect(motionStatus(tracker(2, { minutes: 61, speed: 20, battery: 80 }), now)).toBe('offline');
  });
  it('is moving above 0.5 m/s and stopped at 0.5 or below (or no speed)', () => {
    expect(motionStatus(tracker(1, { minutes: 5, speed: 0.6, battery: 80 }), now)).toBe('moving');
    expect(motionStatus(tracker(2, { minutes: 5, speed: 0.5, battery: 80 }), now)).toBe('stopped');
    expect(motionStatus(tracker(3, { minutes: 5, speed: null, battery: 80 }), now)).toBe('stopped');
  });
  it('flags low battery under 20 % and alarm on SOS or overspeed, beside the motion', () => {
    const low = tracker(1, { minutes: 5, speed: 9, battery: 19 });
    expect(hasFleetStatus(low, 'low_battery', now)).toBe(true);
    expect(hasFleetStatus(low, 'moving', now)).toBe(true);
    expect(
      hasFleetStatus(tracker(2, { minutes: 5, speed: 9, battery: 20 }), 'low_battery', now),
    ).toBe(false);
    expect(hasFleetStatus(tracker(3, null, { overspeed: true }), 'alarm', now)).toBe(true);
    expect(hasFleetStatus(tracker(4, null, { sos: true }), 'alarm', now)).toBe(true);
  });
  it('counts what the filter keeps', () => {
    const fleet = [
      tracker(1, { minutes: 5, speed: 9, battery: 10 }),
      tracker(2, { minutes: 5, speed: 0, battery: 90 }, { sos: true }),
      tracker(3, null),
      tracker(4, { minutes: 500, speed: 3, battery: 5 }),
    ];
    const counts = countFleetStatuses(fleet, now);
    expect(counts).toEqual({ moving: 1, stopped: 1, offline: 2, low_battery: 2, alarm: 1 });
    for (const status of ['moving', 'stopped', 'offline', 'low_battery', 'alarm'] as const) {
      expect(fleet.filter((t) => hasFleetStatus(t, status, now))).toHaveLength(counts[status]);
    }
  });
});

describe('sortTrackers', () => {
  const fleet = [
    tracker(1, { minutes: 5, speed: 9, battery: 50 }),
    tracker(2, { minutes: 1, speed: 0, battery: null }),
    tracker(3, null),
    tracker(4, { minutes: 9, speed: 30, battery: 5 }),
  ];
  const ids = (sorted: { id: number }[]) => sorted.map((t) => t.id);
  it('sorts by battery either way with unknown values last', () => {
    expect(ids(sortTrackers(fleet, { key: 'battery', direction: 'asc' }, now))).toEqual([
      4, 1, 2, 3,
    ]);
    expect(ids(sortTrackers(fleet, { key: 'battery', direction: 'desc' }, now))).toEqual([
      1, 4, 2, 3,
    ]);
  });
  it('sorts by last report, speed, status and name', () => {
    expect(ids(sortTrackers(fleet, { key: 'last_report', direction: 'desc' }, now))).toEqual([
      2, 1, 4, 3,
    ]);
    expect(ids(sortTrackers(fleet, { key: 'speed', direction: 'desc' }, now))).toEqual([
      4, 1, 2, 3,
    ]);
    expect(ids(sortTrackers(fleet, { key: 'status', direction: 'asc' }, now))).toEqual([
      1, 4, 2, 3,
    ]);
    expect(ids(sortTrackers(fleet, { key: 'name', direction: 'desc' }, now))).toEqual([4, 3, 2, 1]);
  });
});
