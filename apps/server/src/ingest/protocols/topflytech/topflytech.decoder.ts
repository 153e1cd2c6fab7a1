import { ByteReader, asBuffer, toHex } from '../bytes';
import { ProtocolError } from '../types';
import type { DecodeNotice, DecodedMessage, TcpProtocol } from '../types';
import {
  buildTopflytechPacket,
  HEAD_BYTES,
  imeiToBcd,
  isHeaderAt,
  nextPacketOf,
  readTopflytechFrame,
} from './topflytech.frame';
import type { TopflytechFrame } from './topflytech.frame';
import { isReport, readReport } from './topflytech.position';

/**
 * Topflytech T880x (T8803, T8806, T8808, TLW, TLD, solar asset units) over TCP
 * (TOPFLYTECH_PORT, 5094: Traccar's t800x). Every packet carries the IMEI, the serial. As
 * Traccar answers them in the field: login (0x01), heartbeat (0x03) and every other packet
 * are answered at once by echoing header, type, serial number and IMEI with the length 15;
 * location reports (0x02, 0x13) and alarms (0x04, 0x14) once stored, an alarm's answer
 * carrying its alarm code as a 16th byte. The unit's answer to a command (0x81: a mode byte,
 * then UTF-16LE text) is stored with the command.
 */
export interface TopflytechSession {
  serial?: string;
  /** The unit's header (0x2323, 0x2525, ...): commands go out in it. */
  header?: number;
}

const LOGIN = 0x01;
const HEARTBEAT = 0x03;
const COMMAND_ANSWER = 0x81;

export const topflytechProtocol: TcpProtocol<TopflytechSession> = {
  name: 'topflytech',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let notices: DecodeNotice[] | undefined;
    let consumed = 0;
    for (;;) {
      const rest = buf.subarray(consumed);
      if (session.serial !== undefined && startsNoPacket(rest)) {
        // A packet whose length field was wrong left bytes that start none: skip to the unit's
        // next packet, keeping a tail that may be its header still arriving.
        const next = nextPacketOf(rest, imeiToBcd(session.serial));
        const skip = next ?? Math.max(0, rest.length - (HEAD_BYTES - 1));
        if (skip > 0) {
          consumed += skip;
          (notices ??= []).push({
            kind: 'skipped-bytes',
            detail: `${skip} byte(s) that start no Topflytech packet skipped`,
          });
        }
        if (next === undefined) break;
        continue;
      }
      const frame = readTopflytechFrame(rest);
      if (!frame) break;
      consumed += frame.size;
      const decoded = decodeOrSkip(session, frame, now);
      if ('kind' in decoded) (notices ??= []).push(decoded);
      else messages.push(decoded);
    }
    return notices ? { consumed, messages, notices } : { consumed, messages };
  },
};

/** Bytes here that cannot begin a packet (one byte can, if it is a header's first). */
const startsNoPacket = (rest: Buffer) =>
  rest.length > 1 ? !isHeaderAt(rest, 0) : rest.length === 1 && !HEADER_BYTES.has(rest[0]!);
const HEADER_BYTES = new Set([0x23, 0x25, 0x26, 0x27]);

/** The server's answer: the packet's head echoed, length 15, or 16 with an alarm code. */
export function topflytechAck(frame: TopflytechFrame, alarmCode = 0): Buffer {
  const extra = alarmCode > 0 ? Uint8Array.of(alarmCode) : new Uint8Array(0);
  return buildTopflytechPacket(frame.header, frame.type, frame.serialNo, frame.imeiBytes, extra);
}

/**
 * A packet whose IMEI is not BCD cannot be attributed: refused before the unit is known,
 * dropped with a notice after. A report whose body does not read is dropped unanswered (the unit
 * sends it again), the connection open.
 */
function decodeOrSkip(
  session: TopflytechSession,
  frame: TopflytechFrame,
  now: Date,
): DecodedMessage | DecodeNotice {
  try {
    return decodeFrame(session, frame, now);
  } catch (error) {
    if (!(error instanceof ProtocolError) || session.serial === undefined) throw error;
    return { kind: 'skipped-frame', detail: `${error.message}; packet dropped` };
  }
}

function decodeFrame(
  session: TopflytechSession,
  frame: TopflytechFrame,
  now: Date,
): DecodedMessage {
  if (frame.imei === undefined) {
    throw new ProtocolError(`Topflytech IMEI must be 15 BCD digits, got ${toHex(frame.imeiBytes)}`);
  }
  const serial = frame.imei;
  session.serial = serial;
  session.header = frame.header;
  const context = `Topflytech 0x${frame.type.toString(16)}`;
  if (isReport(frame.type)) {
    const report = readReport(
      new ByteReader(frame.content, context),
      frame.header,
      frame.type,
      serial,
    );
    const reply = topflytechAck(frame, report.alarmCode);
    return report.position
      ? { serial, positions: [report.position], reply }
      : { serial, positions: [], ...(report.status && { status: report.status }), reply };
  }
  const reply = topflytechAck(frame);
  if (frame.type === LOGIN) return { serial, positions: [], reply };
  if (frame.type === HEARTBEAT)
    return { serial, positions: [], status: { serial, time: now }, reply };
  if (frame.type === COMMAND_ANSWER && frame.content.length >= 1) {
    const text = frame.content.subarray(1, frame.content.length & ~1).toString('utf16le');
    return { serial, positions: [], commandResponse: text.replace(/\0+$/, ''), reply };
  }
  // Network information, BLE tags and driving-behaviour reports carry nothing Waymark stores.
  return { serial, positions: [], reply };
}
