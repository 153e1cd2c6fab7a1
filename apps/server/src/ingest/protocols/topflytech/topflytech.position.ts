import type { Alarm, CellTower, DeviceStatus, RawPosition } from '@waymark/domain';
import type { ByteReader } from '../bytes';
import { impossibility } from '../plausibility';
import { ProtocolError } from '../types';
import type { TopflytechHeader } from './topflytech.frame';

/**
 * The location report of the T880x protocol (GPS 0x02 and alarm 0x04; 0x13 and 0x14 are the
 * same with an output byte and five analog inputs), as the V5.6 document lays it out for the
 * 0x2323 / 0x2525 / 0x2626 units and Traccar's T800xProtocolDecoder reads the 0x2727 ones: the
 * unit's settings, status (bit 6: a GPS fix follows, else cells; bit 7: the fix is invalid;
 * bits 0-4: satellites), inputs, alarm, mileage and battery, then the fix or the cells, then the
 * external power. Numbers shown as decimal digits are BCD, floats little-endian.
 */
export interface TopflytechReport {
  position?: RawPosition;
  /** A report without a fix: the unit's state and serving cell. */
  status?: DeviceStatus;
  /** The alarm code, echoed in the answer. */
  alarmCode: number;
}

export const GPS = 0x02;
export const ALARM = 0x04;
export const GPS_2 = 0x13;
export const ALARM_2 = 0x14;
export const isReport = (type: number) =>
  type === GPS || type === ALARM || type === GPS_2 || type === ALARM_2;

/** The document's alarm codes; 7 is towing, 21 jamming, 23 power restored (no alarm). */
const ALARMS: Record<number, Alarm> = {
  1: 'powerCut',
  2: 'lowBattery',
  3: 'sos',
  4: 'overspeed',
  5: 'geofence',
  6: 'geofence',
  7: 'tamper',
  8: 'vibration',
  10: 'vibration',
  21: 'other',
  24: 'lowBattery',
};

export function readReport(
  r: ByteReader,
  header: TopflytechHeader,
  type: number,
  serial: string,
): TopflytechReport {
  const solar = header === 0x2727;
  const wide = type === GPS_2 || type === ALARM_2;
  const attributes: NonNullable<RawPosition['attributes']> = {};
  let gsmSignal: number | undefined;
  let ignition: boolean | undefined;
  if (!solar) {
    r.skip(2 + 2 + 1 + 2); // ACC on and off intervals, angle and distance compensation
    gsmSignal = r.u16() & 0x7f;
  }
  const status = r.u8();
  let battery: number | undefined;
  if (!solar) {
    r.skip(1 + 1 + 1 + 1 + 2); // G-sensor, other flags, heartbeat, relay, drag alarm setting
    const io = r.u16();
    ignition = (io & 0x4000) !== 0;
    attributes.input = io;
    if (wide) {
      attributes.output = r.u8();
      r.skip(1);
    }
    if (header !== 0x2626) {
      for (let i = 1; i <= (wide ? 5 : 2); i++) {
        const value = bcd(r.bytes(2));
        if (value !== undefined) attributes[`adc${i}`] = value / 100;
      }
    }
  }
  const alarmCode = r.u8();
  if (!solar) {
    r.skip(1);
    attributes.odometer = r.u32();
    battery = batteryPercent(r.bytes(1));
  }
  const fix = (status & 0x40) !== 0;
  const time = readBcdTime(r);
  let position: RawPosition | undefined;
  let cell: CellTower | undefined;
  if (fix) {
    const altitude = r.bytes(4).readFloatLE(0);
    const lng = r.bytes(4).readFloatLE(0);
    const lat = r.bytes(4).readFloatLE(0);
    const speed = bcd(r.bytes(2));
    const course = r.u16();
    position = {
      serial,
      deviceTime: time,
      lat,
      lng,
      valid: (status & 0x80) === 0,
      fix: 'gps',
      satellites: status & 0x1f,
      altitude: Math.round(altitude * 10) / 10,
      course: course % 360,
      ...(speed !== undefined && { speed: speed / 10, speedUnit: 'kmh' as const }),
    };
    const why = impossibility(position);
    if (why) throw new ProtocolError(`Topflytech 0x${type.toString(16)}: ${why}`);
  } else {
    const mcc = r.bytes(2).readUInt16LE(0);
    const mnc = r.bytes(2).readUInt16LE(0);
    if (mcc !== 0xffff && mnc !== 0xffff && r.remaining >= 4) {
      const lac = r.bytes(2).readUInt16LE(0);
      const cid = r.bytes(2).readUInt16LE(0);
      if (lac !== 0 || cid !== 0) cell = { mcc, mnc, lac, cid };
      r.skip(Math.min(r.remaining, 8)); // two neighbour cells
    }
  }
  if (solar) {
    r.skip(5); // acceleration
    battery = batteryPercent(r.bytes(1));
    attributes.deviceTemp = r.i8();
    r.skip(1); // light sensor
    const volts = bcd(r.bytes(1));
    if (volts !== undefined) attributes.batteryVoltage = volts / 10;
    r.skip(1); // solar panel
    attributes.odometer = r.u32();
    const inputs = r.u16();
    ignition = (inputs & 0x04) !== 0;
    gsmSignal = (inputs >> 4) & 0x7f;
  } else if (r.remaining >= 2) {
    const power = bcd(r.bytes(2));
    if (power !== undefined) attributes.externalVoltage = power / 100;
  }
  const alarm = ALARMS[alarmCode];
  const common = {
    ...(battery !== undefined && { battery }),
    ...(gsmSignal !== undefined && { gsmSignal }),
    ...(ignition !== undefined && { ignition }),
    ...(alarm && { alarm }),
    attributes,
  };
  if (position) return { position: { ...position, ...common }, alarmCode };
  return { status: { serial, time, ...common, ...(cell && { cell }) }, alarmCode };
}

/** Decimal digits in BCD, or undefined for 0xFF.. (not measured) and bytes that are not BCD. */
export function bcd(bytes: Buffer): number | undefined {
  const digits = bytes.toString('hex');
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

/** 0 means full: the units send 00 while charged from the vehicle (Traccar reads it so). */
function batteryPercent(byte: Buffer): number | undefined {
  const value = bcd(byte);
  if (value === undefined) return undefined;
  return value === 0 ? 100 : value;
}

/** yyMMddHHmmss in BCD, UTC. */
export function readBcdTime(r: ByteReader): Date {
  const digits = r.bytes(6).toString('hex');
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(digits);
  const time = m
    ? new Date(
        Date.UTC(
          2000 + Number(m[1]),
          Number(m[2]) - 1,
          Number(m[3]),
          Number(m[4]),
          Number(m[5]),
          Number(m[6]),
        ),
      )
    : undefined;
  if (
    !time ||
    time.getUTCMonth() !== Number(m![2]) - 1 ||
    time.getUTCDate() !== Number(m![3]) ||
    Number(m![4]) > 23 ||
    Number(m![5]) > 59 ||
    Number(m![6]) > 59
  ) {
    throw new ProtocolError(`Topflytech time must be yyMMddHHmmss in BCD, got ${digits}`);
  }
  return time;
}
