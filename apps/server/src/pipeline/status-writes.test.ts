import { describe, expect, it } from 'vitest';
import { statusWrites } from './status-writes';

const time = new Date('2026-11-01T08:00:00Z');
/** A write that changes nothing. */
const nothing = {
  charging: null,
  lowBattery: null,
  battery: null,
  sos: false,
  iccid: null,
  externalVoltage: null,
};

describe('statusWrites', () => {
  it('folds a device’s heartbeats in order and latches SOS', () => {
    expect(
      statusWrites([
        { deviceId: 1, status: { serial: 'a', time, battery: 50, charging: true, alarm: 'sos' } },
        { deviceId: 2, status: { serial: 'b', time, charging: false } },
        { deviceId: 1, status: { serial: 'a', time, battery: 15 } },
      ]),
    ).toEqual([
      { ...nothing, deviceId: 1, charging: true, lowBattery: true, battery: 15, sos: true },
      { ...nothing, deviceId: 2, charging: false },
    ]);
  });

  it('keeps the last ICCID and external voltage a device reported', () => {
    expect(
      statusWrites([
        { deviceId: 1, status: { serial: 'a', time, externalVoltage: 12.4 } },
        { deviceId: 1, status: { serial: 'a', time, iccid: '8966051912408052452' } },
        { deviceId: 1, status: { serial: 'a', time, externalVoltage: 13.9 } },
      ]),
    ).toEqual([{ ...nothing, deviceId: 1, iccid: '8966051912408052452', externalVoltage: 13.9 }]);
  });
});
