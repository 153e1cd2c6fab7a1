import { describe, expect, it } from 'vitest';
import { type ApiPosition } from '@waymark/domain';
import { NO_HISTORY } from '../../../../api/historyColumns';
import { indexAt, pointAt, type Timeline } from './replayTimeline';

const fix = (iso: string, lng: number, lat: number, course: number | null = null): ApiPosition => ({
  device_id: 1,
  location: [lng, lat],
  lat,
  lng,
  timestamp: iso,
  fix: 'gps',
  speed: 10,
  course,
  altitude: null,
  accuracy: null,
  battery: null,
  temperature: null,
  humidity: null,
  odometer: null,
  address: `at ${lng}`,
  is_inside_geofences: false,
});

const positions = [
  fix('2026-11-30T10:00:00Z', -94, 39),
  fix('2026-11-30T10:10:00Z', -93, 39),
  fix('2026-11-30T10:20:00Z', -93, 40, 15),
];

/** The columns the server sends for these positions. */
const timelineOf = (list: readonly ApiPosition[]): Timeline => ({
  ...NO_HISTORY,
  times: list.map((p) => Date.parse(p.timestamp)),
  lat: list.map((p) => p.lat),
  lng: list.map((p) => p.lng),
  speed: list.map((p) => p.speed),
  course: list.map((p) => p.course),
  address: list.map((p) => p.address),
});

describe('the replay timeline', () => {
  const timeline = timelineOf(positions);

  it('finds the last fix at or before a moment', () => {
    expect(indexAt(timeline.times, Date.parse('2026-11-30T09:00:00Z'))).toBe(-1);
    expect(indexAt(timeline.times, Date.parse('2026-11-30T10:10:00Z'))).toBe(1);
    expect(indexAt(timeline.times, Date.parse('2026-11-30T10:19:59Z'))).toBe(1);
    expect(indexAt(timeline.times, Date.parse('2026-11-30T11:00:00Z'))).toBe(2);
  });

  it('places the marker between the fixes in proportion to the time', () => {
    const point = pointAt(timeline, Date.parse('2026-11-30T10:02:30Z'))!;
    expect(point.lng).toBeCloseTo(-93.75, 9);
    expect(point.lat).toBe(39);
    expect(point.address).toBe('at -94');
  });

  it('heads along the bearing to the next fix when the fix has no course', () => {
    // Due east along a parallel: the initial great-circle bearing is just under 90°.
    expect(pointAt(timeline, Date.parse('2026-11-30T10:05:00Z'))!.heading).toBeCloseTo(89.7, 1);
    expect(pointAt(timeline, Date.parse('2026-11-30T10:20:00Z'))!.heading).toBe(15);
  });

  it('stays on the first fix before it and on the last after it', () => {
    expect(pointAt(timeline, 0)).toMatchObject({ lng: -94, lat: 39 });
    expect(pointAt(timeline, Date.parse('2026-12-01T00:00:00Z'))).toMatchObject({
      lng: -93,
      lat: 40,
    });
    expect(pointAt(timelineOf([]), 0)).toBeNull();
  });
});
