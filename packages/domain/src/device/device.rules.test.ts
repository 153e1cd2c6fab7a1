import { describe, expect, it } from 'vitest';
import {
  batteryLevel,
  isOverdue,
  listedStatuses,
  markerColour,
  speedColour,
  trackerBadgeLabel,
} from './device.rules';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

describe('markerColour', () => {
  const base = {
    timestamp: minutesAgo(5),
    last_movement_time: minutesAgo(5),
    is_inside_geofences: false,
    expected_report_minutes: 60,
  };
  it('is red after 28 days and yellow after 14 days without movement', () => {
    expect(markerColour({ ...base, last_movement_time: daysAgo(28) }, now)).toBe('red');
    expect(markerColour({ ...base, last_movement_time: daysAgo(14) }, now)).toBe('yellow');
    expect(markerColour({ ...base, last_movement_time: daysAgo(13.9) }, now)).toBe('blue');
  });
  it('is gray when the report is overdue', () => {
    expect(
      markerColour({ ...base, timestamp: minutesAgo(61), last_movement_time: minutesAgo(61) }, now),
    ).toBe('gray');
  });
  it('is green inside a geofence, blue otherwise', () => {
    expect(markerColour({ ...base, is_inside_geofences: true }, now)).toBe('green');
    expect(markerColour(base, now)).toBe('blue');
  });
  it('lets staleness win over a geofence', () => {
    expect(
      markerColour({ ...base, is_inside_geofences: true, last_movement_time: daysAgo(30) }, now),
    ).toBe('red');
  });
});

describe('isOverdue', () => {
  it('needs a fix and an expected interval', () => {
    expect(isOverdue(null, 60, now)).toBe(false);
    expect(isOverdue(minutesAgo(90), null, now)).toBe(false);
    expect(isOverdue(minutesAgo(90), 60, now)).toBe(true);
  });
});

describe('batteryLevel', () => {
  it('follows the 20 and 40 thresholds and shows empty at 0', () => {
    expect([0, 1, 19, 20, 39, 40, 100].map(batteryLevel)).toEqual([
      'empty',
      'red',
      'red',
      'yellow',
      'yellow',
      'green',
      'green',
    ]);
  });
});

describe('speedColour', () => {
  it('is red at 0.5 or below, orange up to 4, dark or white above', () => {
    expect([0.5, 0.51, 4, 4.1].map((s) => speedColour(s, false))).toEqual([
      'red',
      'orange',
      'orange',
      'dark',
    ]);
    expect(speedColour(10, true)).toBe('white');
  });
});

describe('listedStatuses', () => {
  it('adds cancelled and blocked only when the account can see cancelled devices', () => {
    expect(listedStatuses(false)).toEqual([
      'active',
      'pending',
      'pending-renewal',
      'pending-cancellation',
    ]);
    expect(listedStatuses(true)).toContain('blocked');
  });
});

describe('trackerBadgeLabel', () => {
  it("reads 'Provisioned' for a pending tracker, with or without a position (issue 35.21)", () => {
    expect(trackerBadgeLabel('pending', false)).toBe('Provisioned');
    expect(trackerBadgeLabel('pending', true)).toBe('Provisioned');
  });

  it("reads 'No Data' for any other tracker without a position, else its status", () => {
    expect(trackerBadgeLabel('active', false)).toBe('No Data');
    expect(trackerBadgeLabel(null, false)).toBe('No Data');
    expect(trackerBadgeLabel('active', true)).toBe('Active');
    expect(trackerBadgeLabel('pending-renewal', true)).toBe('Pending Renewal');
    expect(trackerBadgeLabel(null, true)).toBeNull();
  });
});
