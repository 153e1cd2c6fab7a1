import type { Alarm, DeviceStatus, RawPosition } from '@waymark/domain';
import { toHex } from '../bytes';
import { isRealTime } from '../plausibility';
import { gpsPosition } from './gt06.location';

export const GPS_MODULAR = 0x70;

/** Module 0x2B event codes (Traccar's field captures of these units). */
const EVENTS: Record<number, Alarm> = {
  0x11: 'lowBattery',
  0x12: 'lowBattery',
  0x13: 'powerCut',
  0x14: 'tamper',
};

/**
 * 0x70, the modular report of newer Concox asset units: modules of type (2), length (2) and
 * value. 0x0033 is the fix (UTC seconds 4, satellites 1, altitude 2, latitude and longitude 4
 * each in 1/1 800 000 degrees, speed 1 in km/h, course and status 2 as in the GPS block); 0x0011
 * the cell (MCC 2, MNC 2, LAC 2, cell ID 3, signal 1); 0x0018 the battery (1/100 V); 0x002B an
 * event; 0x0003 the ICCID. A report with a fix is a position, one without it a status; both are
 * acknowledged.
 */
export function decodeModular(
  content: Buffer,
  serial: string,
  now: Date,
): { position?: RawPosition; status: DeviceStatus } {
  const status: DeviceStatus = { serial, time: now };
  let position: RawPosition | undefined;
  let at = 0;
  while (at + 4 <= content.length) {
    const type = content.readUInt16BE(at);
    const length = content.readUInt16BE(at + 2);
    const value = content.subarray(at + 4, at + 4 + length);
    at += 4 + length;
    if (value.length < length) break;
    if (type === 0x0033 && length >= 18) position = readFix(value, serial) ?? position;
    else if (type === 0x0011 && length >= 10) {
      const cid = value.readUIntBE(6, 3);
      if (cid > 0) {
        status.cell = {
          mcc: value.readUInt16BE(0),
          mnc: value.readUInt16BE(2),
          lac: value.readUInt16BE(4),
          cid,
          rssi: -value.readUInt8(9),
        };
      }
    } else if (type === 0x0018 && length >= 2) status.batteryVoltage = value.readUInt16BE(0) / 100;
    else if (type === 0x002b && length >= 1) {
      const alarm = EVENTS[value.readUInt8(0)];
      if (alarm) status.alarm = alarm;
    } else if (type === 0x0003 && length === 10) {
      const iccid = toHex(value).replace(/f+$/i, '');
      if (/^89\d{17,18}$/.test(iccid)) status.iccid = iccid;
    }
  }
  if (!position) return { status };
  const { serial: _s, time: _t, iccid, ...fields } = status;
  return {
    position: {
      ...position,
      ...fields,
      ...(iccid && { attributes: { ...position.attributes, iccid } }),
    },
    status,
  };
}

function readFix(v: Buffer, serial: string): RawPosition | undefined {
  const ms = v.readUInt32BE(0) * 1000;
  // Units without a fix since boot send zeros: no time, no position.
  if (!isRealTime(ms)) return undefined;
  const flags = v.readUInt16BE(16);
  const latAbs = v.readUInt32BE(7) / 1_800_000;
  const lngAbs = v.readUInt32BE(11) / 1_800_000;
  const position = gpsPosition(
    serial,
    {
      deviceTime: new Date(ms),
      timeValid: true,
      lat: flags & 0x0400 ? latAbs : -latAbs,
      lng: flags & 0x0800 ? -lngAbs : lngAbs,
      valid: (flags & 0x1000) !== 0,
      satellites: v.readUInt8(4),
      speedKmh: v.readUInt8(15),
      course: flags & 0x03ff,
    },
    'GT06 0x70',
  );
  position.altitude = v.readInt16BE(5);
  return position;
}
