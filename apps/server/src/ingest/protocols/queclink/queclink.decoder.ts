import type { DeviceStatus, RawPosition } from '@waymark/domain';
import { asBuffer } from '../bytes';
import { ProtocolError } from '../types';
import type { DecodeNotice, DecodedMessage, TcpProtocol } from '../types';
import { decodeBinary } from './queclink-binary.decoder';
import type { BinaryFrame } from './queclink-binary.frame';
import { batteryAfter, readBlocks, reportAlarm, reportIgnition } from './queclink.fields';
import { readQueclinkFrame } from './queclink.frame';
import type { QueclinkSession } from './queclink.session';

/**
 * Queclink @Track units (GL300/GL500 personal, GB100, GV200/GV300/GV350/GV500 vehicle) over TCP
 * (port 5004), per the "@Track Air Interface Protocol" documents (TRACGL300AN001 for the GL300,
 * TRACGV200AN003 for the GV200), in either report format: ASCII here, HEX (binary) in
 * queclink-binary.decoder.ts; one connection may carry both. Every report is answered
 * `+SACK:<count number>$` once stored: with the unit's SACK enabled (AT+GTSRI) it keeps a report
 * until then, without it the SACK is not needed. The heartbeat (`+ACK:GTHBD` or the HEX +HBD)
 * is answered `+SACK:GTHBD,<protocol version>,<count number>$`.
 */
export type { QueclinkSession } from './queclink.session';

export const queclinkProtocol: TcpProtocol<QueclinkSession> = {
  name: 'queclink',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let notices: DecodeNotice[] | undefined;
    let consumed = 0;
    for (;;) {
      const frame = readQueclinkFrame(buf.subarray(consumed));
      if (!frame) break;
      consumed += frame.size;
      if (frame.kind === 'text') messages.push(decodeText(session, frame.text, now));
      if (frame.kind !== 'binary') continue;
      if (frame.frame.resynchronised) {
        (notices ??= []).push({
          kind: 'resynchronised',
          detail: `Queclink HEX ${frame.frame.head}: its length field disagrees, its tail ends it after ${frame.size} bytes; cut there`,
        });
      }
      const decoded = binaryOrSkip(session, frame.frame, now);
      if ('kind' in decoded) (notices ??= []).push(decoded);
      else messages.push(decoded);
    }
    return notices ? { consumed, messages, notices } : { consumed, messages };
  },
};

/**
 * A HEX frame is framed by its length and tail, so one whose body does not read is dropped
 * unanswered (the unit sends it again) once the unit is known; before that it is refused.
 */
function binaryOrSkip(
  session: QueclinkSession,
  frame: BinaryFrame,
  now: Date,
): DecodedMessage | DecodeNotice {
  try {
    return decodeBinary(session, frame, now);
  } catch (error) {
    if (!(error instanceof ProtocolError) || session.serial === undefined) throw error;
    return { kind: 'skipped-frame', detail: `${error.message}; frame dropped` };
  }
}

const HEADER = /^\+(RESP|BUFF|ACK):(GT[A-Z0-9]{3}),(.*)$/s;
/** IMEI (15 digits) or, on CDMA models, the 14-hex-digit MEID. */
const UNIT_ID = /^(\d{15}|[0-9A-Fa-f]{14})$/;

function decodeText(session: QueclinkSession, text: string, now: Date): DecodedMessage {
  const header = HEADER.exec(text);
  if (!header) {
    throw new ProtocolError(
      `Queclink message must be +RESP:GTxxx, +BUFF:GTxxx or +ACK:GTxxx, got ${JSON.stringify(text.slice(0, 16))}`,
    );
  }
  const [, kind, type, body] = header as unknown as [string, string, string, string];
  const fields = body.split(',');
  // Fields: protocol version, unique ID, device name, ... send time, count number. The oldest
  // firmwares leave the protocol version out.
  const versioned = !UNIT_ID.test(fields[0] ?? '');
  const version = versioned ? fields[0]! : '';
  const serial = (versioned ? fields[1] : fields[0]) ?? '';
  if (!UNIT_ID.test(serial)) {
    throw new ProtocolError(
      `Queclink unique ID must be an IMEI or MEID, got ${JSON.stringify(serial)}`,
    );
  }
  session.serial = serial;
  const count = fields[fields.length - 1]?.trim() ?? '';
  const hasCount = /^[0-9A-Fa-f]{4}$/.test(count);
  const message: DecodedMessage = { serial, positions: [] };

  if (kind === 'ACK') {
    if (type === 'GTHBD') {
      return {
        ...message,
        status: { serial, time: now },
        ...(hasCount ? { reply: Buffer.from(`+SACK:GTHBD,${version},${count}$`, 'latin1') } : {}),
      };
    }
    // The unit's acknowledgement of a command: `+ACK:GTRTO,version,IMEI,name,...`.
    return { ...message, commandResponse: [type, ...fields.slice(versioned ? 3 : 2)].join(',') };
  }

  const alarm = reportAlarm(type);
  const ignition = reportIgnition(type);
  const { fixes, end } = readBlocks(fields);
  const battery = batteryAfter(fields, end);
  const positions: RawPosition[] = fixes.map((fix) => {
    const position: RawPosition = {
      serial,
      ...fix,
      attributes: { ...fix.attributes, report: type },
    };
    if (alarm) position.alarm = alarm;
    if (ignition !== undefined) position.ignition = ignition;
    if (kind === 'BUFF') position.attributes!.buffered = true;
    if (battery !== undefined) position.battery = battery;
    return position;
  });
  const result: DecodedMessage = { ...message, positions };
  if (positions.length === 0) {
    const status: DeviceStatus = { serial, time: now, attributes: { report: type } };
    if (alarm) status.alarm = alarm;
    if (ignition !== undefined) status.ignition = ignition;
    result.status = status;
  }
  if (hasCount) result.reply = Buffer.from(`+SACK:${count}$`, 'latin1');
  return result;
}
