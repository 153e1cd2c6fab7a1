import type { RawPosition } from '@waymark/domain';
import { ByteReader } from '../bytes';
import { impossibility } from '../plausibility';
import { ProtocolError } from '../types';
import type { DecodeNotice } from '../types';

/**
 * Ruptela records (command 1) and extended records (command 68): records left (1), count (1),
 * then each record: time (4, Unix seconds), time extension (1), in extended records a record
 * extension (1), priority (1), longitude and latitude (4 + 4, signed 1e-7 degrees; 0x80000000
 * when there is no fix), altitude (2, 0.1 m), course (2, 0.01 degrees), satellites (1), speed
 * (2, km/h), HDOP (1, 0.1), event ID (1, in extended records 2), and four IO groups of 1-, 2-,
 * 4- and 8-byte values, each a count then ID (1, in extended records 2) and value pairs.
 */
export const RECORDS = 1;
export const EXTENDED_RECORDS = 68;
const NO_FIX = -0x80000000;

/** IO IDs Waymark reads into a position; the others stay attributes `io<ID>`. */
const IO = { ignition: [251, 409], motion: [13, 173], power: 29, battery: 30, odometer: 65 };

export interface RecordsRead {
  positions: RawPosition[];
  notices: DecodeNotice[];
}

/** Reads the records of a command 1 or 68 packet; its data must be exactly the records. */
export function readRecords(data: Buffer, serial: string, extended: boolean): RecordsRead {
  const context = `Ruptela ${extended ? 'extended records (68)' : 'records (1)'}`;
  const r = new ByteReader(data, context);
  r.skip(1); // records left in the device's memory
  const count = r.u8();
  const positions: RawPosition[] = [];
  const notices: DecodeNotice[] = [];
  /** The record later parts add their IO to. */
  let first: RawPosition | undefined;
  for (let i = 0; i < count; i++) {
    const time = r.u32();
    r.skip(1); // time extension
    // Extended records too long for one are sent in parts: high nibble the number of parts
    // after the first, low nibble which part this is (0 the first).
    const extension = extended ? r.u8() : 0;
    const part = extension & 0x0f;
    const continues = part > 0 && part <= extension >> 4;
    r.skip(1); // priority
    const lng = r.i32();
    const lat = r.i32();
    const altitude = r.u16() / 10;
    const course = r.u16() / 100;
    const satellites = r.u8();
    const speed = r.u16();
    const hdop = r.u8() / 10;
    const event = extended ? r.u16() : r.u8();
    const io = readIo(r, extended);
    if (continues) {
      // Parts of a record whose first part was dropped are dropped with it.
      if (first) {
        Object.assign(first.attributes!, ioAttributes(io));
        applyIo(first, io);
      }
      continue;
    }
    first = undefined;
    if (lng === NO_FIX || lat === NO_FIX) {
      notices.push({ kind: 'rejected-record', detail: `${context} record ${i + 1}: no fix` });
      continue;
    }
    const position: RawPosition = {
      serial,
      deviceTime: new Date(time * 1000),
      lat: lat / 1e7,
      lng: lng / 1e7,
      valid: true,
      fix: 'gps',
      speed,
      speedUnit: 'kmh',
      altitude,
      course,
      satellites,
      attributes: { hdop, event, ...ioAttributes(io) },
    };
    applyIo(position, io);
    const why = impossibility(position);
    if (why) {
      notices.push({ kind: 'rejected-record', detail: `${context} record ${i + 1}: ${why}` });
      continue;
    }
    positions.push(position);
    first = position;
  }
  if (r.remaining !== 0) {
    throw new ProtocolError(`${context}: ${r.remaining} byte(s) after ${count} record(s)`);
  }
  return { positions, notices };
}

function readIo(r: ByteReader, extended: boolean): Map<number, number> {
  const io = new Map<number, number>();
  for (const size of [1, 2, 4, 8]) {
    const n = r.u8();
    for (let j = 0; j < n; j++) {
      const id = extended ? r.u16() : r.u8();
      const bytes = r.bytes(size);
      // 8-byte values (driver IDs, counters) are kept as far as a double holds them.
      io.set(id, size === 8 ? Number(bytes.readBigUInt64BE(0)) : bytes.readUIntBE(0, size));
    }
  }
  return io;
}

function ioAttributes(io: Map<number, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, value] of io) out[`io${id}`] = value;
  return out;
}

function applyIo(p: RawPosition, io: Map<number, number>): void {
  for (const id of IO.ignition) if (io.has(id)) p.ignition = io.get(id)! > 0;
  for (const id of IO.motion) if (io.has(id)) p.motion = io.get(id)! > 0;
  if (io.has(IO.power)) p.attributes!.power = io.get(IO.power)! / 1000;
  if (io.has(IO.battery)) p.batteryVoltage = io.get(IO.battery)! / 1000;
  if (io.has(IO.odometer)) p.attributes!.odometer = io.get(IO.odometer)!;
}

/**
 * Diagnostic trouble codes (command 9): count (1), then each: reserved (1), time (4), longitude
 * and latitude (4 + 4, 1e-7 degrees), archive flag (1, 2 = from the archive), the code (5 ASCII).
 */
export const DTCS = 9;

export function readDtcs(data: Buffer, serial: string): RecordsRead {
  const r = new ByteReader(data, 'Ruptela DTCs (9)');
  const count = r.u8();
  const positions: RawPosition[] = [];
  const notices: DecodeNotice[] = [];
  for (let i = 0; i < count; i++) {
    r.skip(1);
    const time = r.u32();
    const lng = r.i32() / 1e7;
    const lat = r.i32() / 1e7;
    const archive = r.u8() === 2;
    const dtc = r.bytes(5).toString('latin1');
    const position: RawPosition = {
      serial,
      deviceTime: new Date(time * 1000),
      lat,
      lng,
      valid: true,
      fix: 'gps',
      attributes: archive ? { dtc, archive } : { dtc },
    };
    const why = impossibility(position);
    if (why) notices.push({ kind: 'rejected-record', detail: `Ruptela DTC ${i + 1}: ${why}` });
    else positions.push(position);
  }
  if (r.remaining !== 0) {
    throw new ProtocolError(`Ruptela DTCs (9): ${r.remaining} byte(s) after ${count} code(s)`);
  }
  return { positions, notices };
}
