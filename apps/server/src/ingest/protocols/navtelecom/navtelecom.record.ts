import type { Alarm, DeviceStatus, RawPosition } from '@waymark/domain';
import { impossibility, isRealTime } from '../plausibility';
import { FIELD_SIZE } from './navtelecom.fields';

/**
 * One FLEX record, read field by field in the negotiated order (navtelecom.fields.ts). What
 * Waymark keeps of the FLEX table: 1 record number, 2 event code, 3 event time, 4 device
 * status (bit 2: alarm), 5 modules status (bit 7: engine running), 7 GSM level, 8 navigation
 * state (bit 1: valid fix, bits 2–7: satellites), 9 time of the last valid fix, 10 and 11
 * latitude and longitude (ten-thousandths of a minute), 12 altitude (dm), 13 speed (km/h,
 * float), 14 course, 15 mileage (km, float), 19 main and 20 backup power (mV), 21–28 analog
 * inputs (mV), 29–30 inputs, 31–32 outputs, 33–34 pulse counters, 37 engine hours (s), 45–52
 * temperatures (°C, -128 not measured), 71 HDOP and PDOP (tenths). Integers are
 * little-endian. Every other field is skipped by its size.
 */
export interface RecordRead {
  position?: RawPosition;
  /** A record without a fix: the unit's state at its event time. */
  status?: DeviceStatus;
  /** Why the record cannot be a report (its time is not a date, its fix is impossible). */
  rejected?: string;
}

/**
 * The static part of a FLEX 2.0 extended record (~E, ~X) is fields 1, 2, 3, 8, 9, 10, 11, 12,
 * 13, 14 and 15 of the table, in their sizes: 37 bytes, the static length those records
 * announce. What follows (the dynamic part) is not read.
 */
export const EXTENDED_STATIC_FIELDS = [1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15] as const;
const EXTENDED_STATIC_SIZE = 37;

interface Reading {
  eventTime?: number;
  fixTime?: number;
  lat?: number;
  lng?: number;
  valid?: boolean;
  satellites?: number;
  altitude?: number;
  speed?: number;
  course?: number;
  ignition?: boolean;
  alarm?: Alarm;
  gsmSignal?: number;
  batteryVoltage?: number;
  externalVoltage?: number;
  temperature?: number;
  attributes: NonNullable<RawPosition['attributes']>;
}

const NO_TEMPERATURE = -128;
const NO_GSM = 99;

export function readRecord(record: Buffer, fields: readonly number[], serial: string): RecordRead {
  const r: Reading = { attributes: {} };
  let at = 0;
  for (const n of fields) {
    readField(r, n, record, at);
    at += FIELD_SIZE[n]!;
  }
  return toReport(r, serial);
}

/** An extended record without its length field: struct version, static length, static part. */
export function readExtendedRecord(record: Buffer, serial: string): RecordRead {
  const staticLength = record.length >= 2 ? record[1]! : 0;
  if (staticLength < EXTENDED_STATIC_SIZE || record.length < 2 + staticLength) {
    return {
      rejected: `extended record must carry a static part of ${EXTENDED_STATIC_SIZE} bytes, got ${record.length} bytes announcing ${staticLength}`,
    };
  }
  return readRecord(record.subarray(2, 2 + EXTENDED_STATIC_SIZE), EXTENDED_STATIC_FIELDS, serial);
}

function readField(r: Reading, n: number, b: Buffer, at: number): void {
  const a = r.attributes;
  switch (n) {
    case 1:
      a.index = b.readUInt32LE(at);
      return;
    case 2:
      a.event = b.readUInt16LE(at);
      return;
    case 3:
      r.eventTime = b.readUInt32LE(at);
      return;
    case 4:
      a.status = b[at]!;
      if (b[at]! & 0x04) r.alarm = 'other'; // the unit's alarm is raised (guard mode tripped)
      return;
    case 5:
      r.ignition = (b[at]! & 0x80) !== 0;
      return;
    case 7:
      if (b[at] !== NO_GSM) r.gsmSignal = b[at]!;
      return;
    case 8:
      r.valid = (b[at]! & 0x02) !== 0;
      r.satellites = b[at]! >> 2;
      return;
    case 9:
      r.fixTime = b.readUInt32LE(at);
      return;
    case 10:
      r.lat = b.readInt32LE(at) / 600_000;
      return;
    case 11:
      r.lng = b.readInt32LE(at) / 600_000;
      return;
    case 12:
      r.altitude = b.readInt32LE(at) / 10;
      return;
    case 13:
      r.speed = b.readFloatLE(at);
      return;
    case 14:
      r.course = b.readUInt16LE(at) % 360;
      return;
    case 15:
      a.odometer = Math.round(b.readFloatLE(at) * 1000);
      return;
    case 19:
      r.externalVoltage = b.readUInt16LE(at) / 1000;
      a.externalVoltage = r.externalVoltage;
      return;
    case 20:
      r.batteryVoltage = b.readUInt16LE(at) / 1000;
      return;
    case 29:
    case 30:
      a.input = Number(a.input ?? 0) | (b[at]! << (n === 29 ? 0 : 8));
      return;
    case 31:
    case 32:
      a.output = Number(a.output ?? 0) | (b[at]! << (n === 31 ? 0 : 8));
      return;
    case 33:
    case 34:
      a[`counter${n - 32}`] = b.readUInt32LE(at);
      return;
    case 37:
      a.engineSeconds = b.readUInt32LE(at);
      return;
    case 71:
      a.hdop = b[at]! / 10;
      a.pdop = b[at + 1]! / 10;
      return;
  }
  if (n >= 21 && n <= 28) a[`adc${n - 20}`] = b.readUInt16LE(at) / 1000;
  else if (n >= 45 && n <= 52 && b.readInt8(at) !== NO_TEMPERATURE) {
    a[`temp${n - 44}`] = b.readInt8(at);
    r.temperature ??= b.readInt8(at);
  }
}

function toReport(r: Reading, serial: string): RecordRead {
  const common = {
    ...(r.ignition !== undefined && { ignition: r.ignition }),
    ...(r.alarm && { alarm: r.alarm }),
    ...(r.gsmSignal !== undefined && { gsmSignal: r.gsmSignal }),
    ...(r.batteryVoltage !== undefined && { batteryVoltage: r.batteryVoltage }),
    attributes: r.attributes,
  };
  // A unit that never had a fix sends zeros and "not valid": that is its state, not a place.
  const noFix = r.lat === undefined || r.lng === undefined || (!r.valid && !r.lat && !r.lng);
  if (noFix) {
    const seconds = r.eventTime || r.fixTime;
    if (!seconds || !isRealTime(seconds * 1000)) {
      return { rejected: `record time ${seconds ?? 'absent'} is not a real date (2000 to 2100)` };
    }
    return {
      status: {
        serial,
        time: new Date(seconds * 1000),
        ...(r.externalVoltage !== undefined && { externalVoltage: r.externalVoltage }),
        ...common,
      },
    };
  }
  // The coordinates are those of the last valid fix, so they take its time where it is sent.
  const seconds = r.fixTime || r.eventTime || 0;
  const position: RawPosition = {
    serial,
    deviceTime: new Date(seconds * 1000),
    lat: r.lat!,
    lng: r.lng!,
    valid: r.valid ?? true,
    fix: 'gps',
    ...(r.satellites !== undefined && { satellites: r.satellites }),
    ...(r.altitude !== undefined && { altitude: r.altitude }),
    ...(r.speed !== undefined && { speed: r.speed, speedUnit: 'kmh' as const }),
    ...(r.course !== undefined && { course: r.course }),
    ...(r.temperature !== undefined && { temperature: r.temperature }),
    ...common,
  };
  const why = impossibility(position);
  return why ? { rejected: why } : { position };
}
