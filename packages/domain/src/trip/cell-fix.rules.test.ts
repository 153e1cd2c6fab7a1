import { describe, expect, it } from 'vitest';
import { cellSegmentFix } from './cell-fix.rules';
import type { SegmentFix } from './segmentation.rules';

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
    expect(cellSegmentFix(gps, { ...cell, ignition: null }).speed).toBe(16);
    expect(cellSegmentFix(gps, { ...cell, speed: 3 }).speed).toBe(3);
  });
});
