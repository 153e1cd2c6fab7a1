import { FIELD_SIZE, FLEX_PROTOCOL, flexBitfield } from './navtelecom.fields';
import { crc8 } from './navtelecom.flex';
import { buildNtcbFrame } from './navtelecom.ntcb';
import { EXTENDED_STATIC_FIELDS } from './navtelecom.record';

/**
 * What a Navtelecom unit sends, for the simulator and round-trip tests: the `*>S` and `*>FLEX`
 * handshakes, FLEX 1.0 records of the fields below, and the FLEX messages that carry them.
 * The unit's NTCB ids are those of the public captures (to 1, from 0). Pure.
 */
export interface NavtelecomRecord {
  /** The record's number in the unit's archive. */
  index: number;
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
  ignition: boolean;
  /** The unit's alarm raised (device status bit 2). */
  alarm?: boolean;
  /** Millivolts of the vehicle's supply and of the backup battery. */
  powerMv?: number;
  batteryMv?: number;
  /** °C, sensor 1. */
  temperature?: number;
}

const UNIT_ID = 0;
const SERVER_ID = 1;
/** FLEX 1.0, structure 1.0, 69 fields: what the Signal S-2551 announces out of the box. */
const FLEX_1_0 = 0x0a;
const FLEX_1_0_BITS = 69;
/** The fields the simulated unit announces (a common Signal set: the fix, power, I/O, T1). */
export const DEVICE_FIELDS = [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20, 29, 31, 45];
/** Event code 0x1705 of the captures: a periodic record while moving. */
const PERIODIC = 0x1705;

const ntcb = (text: string | Buffer) =>
  buildNtcbFrame(SERVER_ID, UNIT_ID, typeof text === 'string' ? Buffer.from(text, 'latin1') : text);

export function encodeNavtelecomIdentification(imei: string): Buffer {
  return ntcb(`*>S:${imei}`);
}

export function encodeNavtelecomNegotiation(fields: readonly number[] = DEVICE_FIELDS): Buffer {
  const head = Buffer.concat([
    Buffer.from('*>FLEX', 'latin1'),
    Buffer.of(FLEX_PROTOCOL, FLEX_1_0, FLEX_1_0, FLEX_1_0_BITS),
  ]);
  return ntcb(Buffer.concat([head, flexBitfield(fields, FLEX_1_0_BITS)]));
}

/** The unit's answer to a command: `*@` and its text. */
export function encodeNavtelecomCommandAnswer(text: string): Buffer {
  return ntcb(`*@${text}`);
}

/** One record of `fields` (DEVICE_FIELDS, or the extended records' static part). */
export function encodeNavtelecomRecord(
  r: NavtelecomRecord,
  fields: readonly number[] = DEVICE_FIELDS,
): Buffer {
  const out = Buffer.alloc(fields.reduce((sum, n) => sum + FIELD_SIZE[n]!, 0));
  let at = 0;
  const seconds = Math.floor(r.time.getTime() / 1000);
  const sats = Math.max(0, Math.min(63, r.satellites));
  for (const n of fields) {
    const values: Record<number, () => void> = {
      1: () => out.writeUInt32LE(r.index >>> 0, at),
      2: () => out.writeUInt16LE(PERIODIC, at),
      3: () => out.writeUInt32LE(seconds, at),
      4: () => out.writeUInt8(r.alarm ? 0x04 : 0, at),
      5: () => out.writeUInt8(0x01 | (r.ignition ? 0x80 : 0), at), // GSM on, engine
      7: () => out.writeUInt8(20, at),
      8: () => out.writeUInt8(0x01 | (sats > 0 ? 0x02 : 0) | (sats << 2), at),
      9: () => out.writeUInt32LE(seconds, at),
      10: () => out.writeInt32LE(Math.round(r.lat * 600_000), at),
      11: () => out.writeInt32LE(Math.round(r.lng * 600_000), at),
      12: () => out.writeInt32LE(Math.round(r.altitude * 10), at),
      13: () => out.writeFloatLE(r.speedKmh, at),
      14: () => out.writeUInt16LE(Math.round(((r.course % 360) + 360) % 360), at),
      15: () => out.writeFloatLE(0, at),
      19: () => out.writeUInt16LE(r.powerMv ?? 12_600, at),
      20: () => out.writeUInt16LE(r.batteryMv ?? 4_100, at),
      29: () => out.writeUInt8(r.ignition ? 0x01 : 0, at),
      31: () => out.writeUInt8(0, at),
      45: () => out.writeInt8(r.temperature ?? -128, at),
    };
    values[n]?.();
    at += FIELD_SIZE[n]!;
  }
  return out;
}

const withCrc = (bytes: Buffer) => Buffer.concat([bytes, Buffer.of(crc8(bytes))]);
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
};

/** `~A`: records from the unit's archive, oldest first (at most 255). */
export function encodeNavtelecomArchive(records: readonly NavtelecomRecord[]): Buffer {
  const body = records.map((r) => encodeNavtelecomRecord(r));
  return withCrc(Buffer.concat([Buffer.from('~A'), Buffer.of(records.length), ...body]));
}

/** `~T`: one record out of turn (an alarm), with its number. */
export function encodeNavtelecomOutOfTurn(record: NavtelecomRecord): Buffer {
  return withCrc(
    Buffer.concat([Buffer.from('~T'), u32(record.index), encodeNavtelecomRecord(record)]),
  );
}

/** `~C`: the current state, answered and not archived. */
export function encodeNavtelecomCurrent(record: NavtelecomRecord): Buffer {
  return withCrc(Buffer.concat([Buffer.from('~C'), encodeNavtelecomRecord(record)]));
}

/** `~E` (or `~X`, one record with its number): FLEX 2.0 extended records, no dynamic part. */
export function encodeNavtelecomExtended(
  type: 'E' | 'X',
  records: readonly NavtelecomRecord[],
): Buffer {
  const parts = records.map((r) => {
    const fixed = encodeNavtelecomRecord(r, EXTENDED_STATIC_FIELDS);
    const length = Buffer.alloc(2);
    length.writeUInt16LE(2 + fixed.length);
    return Buffer.concat([length, Buffer.of(0x14, fixed.length), fixed]);
  });
  const head = type === 'E' ? Buffer.of(records.length) : u32(records[0]?.index ?? 0);
  return withCrc(Buffer.concat([Buffer.from(`~${type}`), head, ...parts]));
}
