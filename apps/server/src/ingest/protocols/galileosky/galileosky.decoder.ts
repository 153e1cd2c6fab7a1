import type { DeviceStatus, RawPosition } from '@waymark/domain';
import { asBuffer } from '../bytes';
import { impossibility, isRealTime } from '../plausibility';
import { ProtocolError } from '../types';
import type { DecodeNotice, DecodedMessage, TcpProtocol } from '../types';
import { readValues, type RecordValues } from './galileosky.fields';
import { galileoskyConfirmation, readGalileoskyFrame } from './galileosky.frame';
import type { GalileoskyFrame } from './galileosky.frame';
import { COMMAND_TEXT, IMEI, readRecords } from './galileosky.tags';

/**
 * Galileosky terminals over TCP (GALILEOSKY_PORT, 5034: Traccar's galileo). A unit opens with
 * its head packet (IMEI 0x03, device number 0x04), then sends main packets of one or more
 * records, the archive's oldest first, each record with its own time. Every packet is
 * confirmed with 0x02 and its CRC once its records are stored; one that is not confirmed the
 * unit sends again. A command's answer (0xE0 number, 0xE1 text) is stored with the command.
 */
export interface GalileoskySession {
  serial?: string;
  /** The unit's device number (tag 0x04): commands carry it back. */
  deviceNumber?: number;
}

export const galileoskyProtocol: TcpProtocol<GalileoskySession> = {
  name: 'galileosky',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let notices: DecodeNotice[] | undefined;
    let consumed = 0;
    for (;;) {
      const frame = readGalileoskyFrame(buf.subarray(consumed));
      if (!frame) break;
      consumed += frame.size;
      if (frame.resynchronised) {
        (notices ??= []).push({
          kind: 'resynchronised',
          detail: `Galileosky packet: its length field disagrees, its CRC holds after ${frame.size} bytes; cut there`,
        });
      }
      const read = decodeOrSkip(session, frame, now);
      if (read.message) messages.push(read.message);
      if (read.notices.length > 0) (notices ??= []).push(...read.notices);
    }
    return notices ? { consumed, messages, notices } : { consumed, messages };
  },
};

interface PacketRead {
  message?: DecodedMessage;
  notices: DecodeNotice[];
}

/**
 * A packet that does not read (a wrong CRC, a tag of unknown length) is dropped unconfirmed
 * once the unit is known, so that it sends the packet again; before that nothing says this is
 * a Galileosky unit at all, and the connection is refused.
 */
function decodeOrSkip(session: GalileoskySession, frame: GalileoskyFrame, now: Date): PacketRead {
  try {
    return decodePacket(session, frame, now);
  } catch (error) {
    if (!(error instanceof ProtocolError) || session.serial === undefined) throw error;
    return {
      notices: [{ kind: 'skipped-frame', detail: `${error.message}; packet dropped unconfirmed` }],
    };
  }
}

function decodePacket(session: GalileoskySession, frame: GalileoskyFrame, now: Date): PacketRead {
  if (!frame.crcHolds) {
    throw new ProtocolError(
      `Galileosky packet CRC 0x${frame.crc.toString(16).padStart(4, '0')} does not match its content`,
    );
  }
  const records = readRecords(frame.tags);
  const imei = records.find((r) => r.has(IMEI))?.get(IMEI);
  if (imei) session.serial = readImei(imei);
  const serial = session.serial;
  if (serial === undefined) {
    throw new ProtocolError('Galileosky packet before a head packet named the unit (tag 0x03)');
  }
  const notices: DecodeNotice[] = [];
  const positions: RawPosition[] = [];
  let status: DeviceStatus | undefined;
  let commandResponse: string | undefined;
  for (const record of records) {
    const values = readValues(record);
    const deviceNumber = values.attributes.deviceNumber;
    if (typeof deviceNumber === 'number') session.deviceNumber = deviceNumber;
    const text = record.get(COMMAND_TEXT);
    if (text) commandResponse = text.toString('latin1').replace(/\0+$/, '').trim();
    // A unit that never had a fix sends 0, 0: no coordinates, not a place in the Gulf of Guinea.
    const fix =
      values.fix && (values.fix.lat !== 0 || values.fix.lng !== 0) ? values.fix : undefined;
    if (fix && values.time) {
      const position = toPosition(serial, values, values.time, fix);
      const why = impossibility(position);
      if (why)
        notices.push({ kind: 'rejected-record', detail: `Galileosky record: ${why}; dropped` });
      else positions.push(position);
    } else if (fix) {
      notices.push({
        kind: 'rejected-record',
        detail: 'Galileosky record with coordinates but no time (tag 0x20); dropped',
      });
    } else if (!text) {
      // A head packet or a record without coordinates: the unit's state, the newest one kept
      // (archive packets come in either order).
      const time = values.time && isRealTime(values.time.getTime()) ? values.time : now;
      if (!status || time >= status.time) status = toStatus(serial, values, time);
    }
  }
  const message: DecodedMessage = {
    serial,
    positions,
    reply: galileoskyConfirmation(frame.crc),
    ...(status && { status }),
    ...(commandResponse !== undefined && { commandResponse }),
  };
  return { message, notices };
}

function readImei(bytes: Buffer): string {
  const imei = bytes.toString('latin1');
  if (!/^\d{15}$/.test(imei)) {
    throw new ProtocolError(
      `Galileosky IMEI (tag 0x03) must be 15 digits, got ${JSON.stringify(imei)}`,
    );
  }
  return imei;
}

function toPosition(
  serial: string,
  v: RecordValues,
  time: Date,
  fix: NonNullable<RecordValues['fix']>,
): RawPosition {
  return {
    serial,
    deviceTime: time,
    lat: fix.lat,
    lng: fix.lng,
    valid: fix.valid,
    fix: 'gps',
    satellites: fix.satellites,
    ...(v.speedKmh !== undefined && { speed: v.speedKmh, speedUnit: 'kmh' as const }),
    ...(v.course !== undefined && { course: v.course }),
    ...(v.altitude !== undefined && { altitude: v.altitude }),
    ...(v.batteryVoltage !== undefined && { batteryVoltage: v.batteryVoltage }),
    attributes: v.attributes,
  };
}

function toStatus(serial: string, v: RecordValues, time: Date): DeviceStatus {
  const power = v.attributes.externalVoltage;
  return {
    serial,
    time,
    ...(v.batteryVoltage !== undefined && { batteryVoltage: v.batteryVoltage }),
    ...(typeof power === 'number' && { externalVoltage: power }),
    attributes: v.attributes,
  };
}
