import type { RawPosition } from '@waymark/domain';
import { ByteReader } from '../bytes';
import { impossibility } from '../plausibility';
import { ProtocolError } from '../types';
import type { DecodeNotice } from '../types';
import { readExtras } from './jt808.extras';
import { STATUS, alarmFromFlags, readBcdTime } from './jt808.fields';

/**
 * §8.18 location report (0x0200) and §8.49 batch upload (0x0704), the same in the 2011, 2013 and
 * 2019 editions: alarm flags (4), status (4), latitude and longitude (4 each, 10⁻⁶ degrees, the
 * hemisphere in the status), altitude (2, m), speed (2, 1/10 km/h), direction (2, 0-359), time
 * (BCD[6], GMT+8), then additional items (see jt808.extras.ts).
 */
const BASIC_BYTES = 28;

/** One location body as a position; an impossible fix makes it undecodable. */
export function decodeLocation(
  body: Buffer,
  serial: string,
  now: Date,
  context: string,
): RawPosition {
  const r = new ByteReader(body, context);
  const alarmFlags = r.u32();
  const status = r.u32();
  const latAbs = r.u32() / 1e6;
  const lngAbs = r.u32() / 1e6;
  const altitude = r.i16();
  const speed = r.u16() / 10;
  const course = r.u16();
  const ms = readBcdTime(r.bytes(6));
  const timeValid = !Number.isNaN(ms);
  const position: RawPosition = {
    serial,
    deviceTime: timeValid ? new Date(ms) : now,
    lat: status & STATUS.south ? -latAbs : latAbs,
    lng: status & STATUS.west ? -lngAbs : lngAbs,
    valid: timeValid && (status & STATUS.positioned) !== 0,
    fix: 'gps',
    speed,
    speedUnit: 'kmh',
    altitude,
    ignition: (status & STATUS.acc) !== 0,
  };
  // Direction is 0-359; anything else is no direction.
  if (course < 360) position.course = course;
  const alarm = alarmFromFlags(alarmFlags);
  if (alarm) position.alarm = alarm;
  const attributes: NonNullable<RawPosition['attributes']> = { status };
  if (alarmFlags !== 0) attributes.alarmFlags = alarmFlags;
  if (status & STATUS.fuelCut) attributes.fuelCut = true;
  if (status & STATUS.frontDoorOpen) attributes.doorOpen = true;
  if (!timeValid) attributes.timeInvalid = true;
  position.attributes = attributes;
  readExtras(r, position);
  const why = impossibility(position);
  if (why) throw new ProtocolError(`${context}: ${why}`);
  return position;
}

/**
 * §8.49 batch upload 0x0704 (2013, 2019): item count (2), type (1: 0 regular batch, 1 blind-area
 * re-upload, which is what a unit sends after a stretch without network), then each location
 * body behind its length (2). A record that is impossible is dropped with a notice, the others
 * kept.
 */
export function decodeBatch(
  body: Buffer,
  serial: string,
  now: Date,
): { positions: RawPosition[]; notices: DecodeNotice[] } {
  const r = new ByteReader(body, 'JT808 0x0704');
  const count = r.u16();
  const type = r.u8();
  const positions: RawPosition[] = [];
  const notices: DecodeNotice[] = [];
  for (let i = 0; i < count && r.remaining > 0; i++) {
    const length = r.u16();
    if (length < BASIC_BYTES) {
      throw new ProtocolError(
        `JT808 0x0704 item ${i + 1} of ${count}: length ${length} is shorter than a location (${BASIC_BYTES} bytes)`,
      );
    }
    const item = r.bytes(length);
    try {
      const position = decodeLocation(item, serial, now, `JT808 0x0704 item ${i + 1}`);
      if (type === 1) position.attributes = { ...position.attributes, reupload: true };
      positions.push(position);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      notices.push({ kind: 'rejected-record', detail: `${error.message}; record dropped` });
    }
  }
  return { positions, notices };
}
