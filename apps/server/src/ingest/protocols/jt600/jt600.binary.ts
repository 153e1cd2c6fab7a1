import type { DeviceStatus, RawPosition } from '@waymark/domain';
import { ByteReader, toHex } from '../bytes';
import { impossibility } from '../plausibility';
import { ProtocolError } from '../types';
import type { DecodeNotice } from '../types';
import { readFix } from './jt600.fix';
import { readLong, readVersion1, readVersion2, readVersion3 } from './jt600.records';
import type { RecordExtras } from './jt600.records';

/**
 * A binary frame's records: one or more fixes of the same layout (a unit sends its memory as up
 * to 15 records in one frame, each with its own time). The short format's type nibble says the
 * layout (1 cell and altitude, 2 fuel, 3 three fuel sensors); the long format has one layout,
 * longer from protocol version 0x17. Only the long format asks for a confirmation, per record
 * (status bit 5): `(P35)` before protocol version 0x19, `(P69,0,<index>)` from it, the index
 * being the frame's last byte in decimal. The short format is never answered.
 */
export interface BinaryReport {
  serial: string;
  positions: RawPosition[];
  /** The last record without a fix: the unit's state. */
  status?: DeviceStatus;
  reply?: Buffer;
  notices: DecodeNotice[];
}

const SHORT_RECORD = 27;
const LONG_RECORD = 34;
/** From protocol version 0x17 a long record has 4 more bytes and sensor data to the frame's end. */
const LONG_EXTENDED = 0x17;
const P69_FROM = 0x19;

const SHORT_LAYOUTS: Record<number, (r: ByteReader) => RecordExtras> = {
  1: readVersion1,
  2: readVersion2,
  3: readVersion3,
};

/** The unit ID after the `$`: 10 BCD digits, kept as written (leading zeros too). */
export function binaryUnitId(bytes: Buffer): string {
  const id = toHex(bytes.subarray(1, 6));
  if (!/^\d{10}$/.test(id)) {
    throw new ProtocolError(`JT600 unit ID must be 10 BCD digits, got ${id}`);
  }
  return id;
}

export function decodeBinary(bytes: Buffer, long: boolean, now: Date): BinaryReport {
  const id = binaryUnitId(bytes);
  const protocolVersion = long ? bytes[6]! : 0;
  const type = bytes[long ? 7 : 6]!;
  const index = bytes[bytes.length - 1]!;
  const body = bytes.subarray(long ? 10 : 9, bytes.length - 1);
  const layout = long ? (r: ByteReader) => readLong(r, protocolVersion) : SHORT_LAYOUTS[type >> 4];
  if (!layout) throw new ProtocolError(`JT600 binary records of type ${type >> 4} are not read`);
  const recordSize = !long
    ? SHORT_RECORD
    : protocolVersion >= LONG_EXTENDED
      ? body.length
      : LONG_RECORD;
  if (body.length === 0 || body.length % recordSize !== 0 || (long && body.length < LONG_RECORD)) {
    throw new ProtocolError(
      `JT600 binary frame must hold records of ${recordSize} bytes, got ${body.length}`,
    );
  }
  const report: BinaryReport = { serial: id, positions: [], notices: [] };
  let confirm = false;
  for (let at = 0; at < body.length; at += recordSize) {
    const r = new ByteReader(body.subarray(at, at + recordSize), 'JT600 record');
    try {
      const fix = readFix(r);
      const { confirm: asked, ...extras } = layout(r);
      confirm ||= asked === true;
      if (!fix.located) {
        // Without a fix the clock is the GPS's, unset since boot (2000-01-01 in three captures).
        report.status = statusOf(id, now, extras);
        continue;
      }
      const position: RawPosition = {
        serial: id,
        deviceTime: fix.time,
        lat: fix.lat,
        lng: fix.lng,
        valid: fix.valid,
        fix: 'gps',
        speed: fix.speedKnots,
        speedUnit: 'knots',
        course: fix.course,
        ...extras,
      };
      const why = impossibility(position);
      if (why) throw new ProtocolError(`JT600 record: ${why}`);
      report.positions.push(position);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      report.notices.push({ kind: 'rejected-record', detail: `${error.message}; record dropped` });
    }
  }
  if (confirm) {
    const text = protocolVersion < P69_FROM ? '(P35)' : `(P69,0,${index})`;
    report.reply = Buffer.from(text, 'latin1');
  }
  return report;
}

/** What a record without a fix says of the unit: its state, not where it is. */
function statusOf(serial: string, time: Date, extras: RecordExtras): DeviceStatus {
  const { battery, charging, gsmSignal, ignition, alarm, attributes } = extras;
  return {
    serial,
    time,
    ...(battery !== undefined && { battery }),
    ...(charging !== undefined && { charging }),
    ...(gsmSignal !== undefined && { gsmSignal }),
    ...(ignition !== undefined && { ignition }),
    ...(alarm && { alarm }),
    attributes,
  };
}
