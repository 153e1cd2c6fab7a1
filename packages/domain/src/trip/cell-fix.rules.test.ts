import { describe, expect, it } from 'vitest';
import { cellSegmentFix } from './cell-fix.rules';
import {
  advanceSegment,
  SegmentOutput,
  type SegmentFix,
  type SegmentState,
} from './segmentation.rules';
import { ZoneDays } from './zone-days';

const gps: SegmentFix = {
  time: 1_000,
  lat: 41.88,
  lng: -87.63,
  speed: 16,
  ignition: true,
  odometer: 5_000,
  engineHours: 10,
  fuel: 40,
  address: 'Main St',
  geofenceId: 3,
};
const cell = { time: 31_000, speed: null, ignition: false, engineHours: 10.01, fuel: 39.9 };

describe('a cell fix as the segmentation reads it', () => {
  it('stands where the previous fix stood and keeps its own time, ignition and engine', () => {
    expect(cellSegmentFix(gps, cell)).toEqual({
      ...gps,
      time: 31_000,
      speed: 0,
      ignition: false,
      engineHours: 10.01,
      fuel: 39.9,
    });
  });

  it('without a speed keeps the previous one while the engine runs, and its own when it has one', () => {
    expect(cellSegmentFix(gps, { ...cell, ignition: true }).speed).toBe(16);
    expect(cellSegmentFix(gps, { ...cell, speed: 3 }).speed).toBe(3);
  });

  it('without a speed or an ignition it stands: nothing says the tracker still moves', () => {
    expect(cellSegmentFix(gps, { ...cell, ignition: null }).speed).toBe(0);
  });

  it('a tracker without ignition that parks underground at speed ends its trip there', () => {
    // Ten GPS fixes a minute apart at 16 m/s, the last at 16 m/s going into the garage, then a
    // cell fix every 10 minutes for three hours: the trip is the ten minutes of GPS driving.
    const drive: SegmentFix[] = Array.from({ length: 10 }, (_, i) => ({
      ...gps,
      time: i * 60_000,
      lat: 41.88 + i * 0.008,
      ignition: null,
      odometer: i * 960,
    }));
    const days = new ZoneDays('UTC');
    const out = new SegmentOutput();
    let state: SegmentState | null = null;
    for (const fix of drive) state = advanceSegment(state, fix, days, out);
    for (let k = 1; k <= 18; k++) {
      const time = drive.at(-1)!.time + k * 600_000;
      const fix = cellSegmentFix(state!.last, { ...cell, time, ignition: null });
      state = advanceSegment(state, fix, days, out);
    }
    const drivingMs = [...out.days.values()].reduce((sum, day) => sum + day.drivingMs, 0);
    expect(drivingMs).toBeLessThanOrEqual(10 * 60_000);
    expect(out.trips).toHaveLength(1);
    expect(out.trips[0]!.end.time).toBeLessThanOrEqual(drive.at(-1)!.time + 600_000);
  });
});
