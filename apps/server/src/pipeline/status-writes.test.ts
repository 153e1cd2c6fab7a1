import { describe, expect, it } from 'vitest';
import { statusWrites } from './status-writes';

const time = new Date('2026-11-01T08:00:00Z');

describe('statusWrites', () => {
  it('folds a device’s heartbeats in order and latches SOS', () => {
    expect(
      statusWrites([
        { deviceId: 1, status: { serial: 'a', time, battery: 50, charging: true, alarm: 'sos' } },
        { deviceId: 2, status: { serial: 'b', time, charging: false } },
        { deviceId: 1, status: { serial: 'a', time, battery: 15 } },
      ]),
    ).toEqual([
      { deviceId: 1, charging: true, lowBattery: true, battery: 15, sos: true },
      { deviceId: 2, charging: false, lowBattery: null, battery: null, sos: false },
    ]);
  });
});
