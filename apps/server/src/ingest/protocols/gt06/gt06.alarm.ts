import type { Alarm, DeviceStatus, RawPosition } from '@waymark/domain';
import { ByteReader } from '../bytes';
import { ProtocolError } from '../types';
import {
  readCell,
  readCellRegion,
  readDateTime,
  readGps,
  readCameraGps,
  readShortStatusBlock,
  readStatusBlock,
} from './gt06.fields';
import type { StatusFields } from './gt06.fields';
import { gpsPosition } from './gt06.location';

/**
 * Alarm packets, all acknowledged by the server: 0x16 / 0x26 / 0x27 (§6.1: GPS, LBS with its
 * own length byte, status), 0xA4 (4G multi-fence alarm, GK310 / JM-LL301), 0x19 (§7.1 LBS-only
 * alarm) and 0x95 (JC100 / JC400 dashboard cameras).
 */

/**
 * Status bytes at the end of each GPS alarm: terminal info, voltage level, GSM signal, alarm,
 * language, and a fence number for the multi-fence packets. Firmwares disagree on whether the
 * LBS length byte counts itself and on the width of the cell ID, so the cell is whatever lies
 * between the length byte and this block.
 */
const STATUS_BYTES: Record<number, number> = { 0x16: 5, 0x26: 5, 0x27: 6, 0xa4: 6 };
/** 8 cell bytes and a 5-byte status block with no LBS length byte (VXT01-style 0x16 captures). */
const SHORT_LAYOUT = 8 + 5;

export function isGpsAlarm(protocol: number): boolean {
  return protocol in STATUS_BYTES;
}

export function decodeGpsAlarm(
  content: Buffer,
  serial: string,
  now: Date,
  protocol: number,
): RawPosition {
  const context = `GT06 0x${protocol.toString(16)}`;
  const r = new ByteReader(content, context);
  const position = gpsPosition(serial, readGps(r, now), context);
  if (protocol === 0x16 && r.remaining === SHORT_LAYOUT) {
    position.cell = readCell(r);
    const { externalVoltage, ...status } = readShortStatusBlock(r);
    return withStatus(position, status, { externalVoltage });
  }
  const statusBytes = STATUS_BYTES[protocol]!;
  if (r.remaining < 1 + statusBytes) {
    throw new ProtocolError(
      `${context}: ${r.remaining} byte(s) after the GPS block, needs an LBS length byte and ${statusBytes} status bytes`,
    );
  }
  const lbsLength = r.u8();
  const region = r.bytes(r.remaining - statusBytes);
  const cell = lbsLength > 0 ? readCellRegion(region) : undefined;
  if (cell) position.cell = cell;
  const status = readStatusBlock(r);
  return withStatus(position, status, statusBytes === 6 ? { fence: r.u8() } : {});
}

/** §7.1: a cell-only alarm has no coordinates, so it travels as status, not as a position. */
export function decodeLbsAlarm(r: ByteReader, serial: string, now: Date): DeviceStatus {
  const cell = readCell(r);
  return { serial, time: now, cell, ...readStatusBlock(r) };
}

/**
 * 0x95 as the JC100 / JC400 dashboard-camera captures send it: date/time and an event code
 * (7 bytes, no location: kept as status); or a GPS block (see readCameraGps; JC400 packets start
 * with a 0xFFFF marker and a version byte, and add the external power in 100 mV after the GPS
 * block), the event code, 2 bytes of event data and the names of the video files it recorded.
 */
export function decodeCameraAlarm(
  content: Buffer,
  serial: string,
  now: Date,
): { position?: RawPosition; status?: DeviceStatus } {
  const r = new ByteReader(content, 'GT06 0x95');
  if (content.length <= 7) {
    const ms = readDateTime(r);
    const status: DeviceStatus = { serial, time: Number.isNaN(ms) ? now : new Date(ms) };
    const event = r.u8();
    const alarm = event === 0 ? undefined : (CAMERA_EVENTS_SHORT[event] ?? 'other');
    if (alarm) status.alarm = alarm;
    return { status };
  }
  const jc400 = content.readUInt16BE(0) === 0xffff;
  if (jc400) r.skip(3);
  const position = gpsPosition(serial, readCameraGps(r, now, jc400), 'GT06 0x95');
  const externalVoltage = jc400 ? r.u16() / 10 : undefined;
  const event = r.u8();
  position.alarm = CAMERA_EVENTS[event] ?? 'other';
  position.attributes = {
    ...position.attributes,
    event,
    ...(externalVoltage !== undefined && { externalVoltage }),
  };
  return { position };
}

/** Event codes of the 0x95 captures; harsh driving and collisions have no Waymark alarm. */
const CAMERA_EVENTS: Record<number, Alarm> = {
  0x01: 'sos',
  0x0e: 'lowBattery',
  0x80: 'vibration',
  0x87: 'overspeed',
  0x88: 'powerCut',
};
/** The short form's 0x01 is a general alarm in its captures, not an SOS. */
const CAMERA_EVENTS_SHORT: Record<number, Alarm> = { ...CAMERA_EVENTS, 0x01: 'other' };

function withStatus(
  position: RawPosition,
  status: StatusFields,
  more: Record<string, number>,
): RawPosition {
  return {
    ...position,
    ...status,
    attributes: { ...position.attributes, ...status.attributes, ...more },
  };
}
