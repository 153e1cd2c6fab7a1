import { asBuffer } from '../bytes';
import { impossibility } from '../plausibility';
import { ProtocolError } from '../types';
import type { DecodeNotice, DecodedMessage, TcpProtocol } from '../types';
import { binaryUnitId, decodeBinary } from './jt600.binary';
import { nextFrameOf, readJt600Frame, startsFrame } from './jt600.frame';
import { readText } from './jt600.text';

/**
 * Jointech JT600 family (JT600, JT701 padlocks, JT707 container units) over TCP (JT600_PORT,
 * 5014 as Traccar's jt600): binary frames (`$`) and text frames (`(...)`) on one connection. The
 * unit ID (10 digits) of every frame is the serial. A unit gets an answer only where the
 * protocol asks for one: long-format binary records with status bit 5 (`(P35)` or
 * `(P69,0,<index>)`), U01-U03 (`(S39)`), U06 (`(S20)`) and P45 (`(P69,0,<index>)`), each once
 * stored. A frame that does not read is dropped with a notice once the unit is known (the unit
 * sends what it was not answered again); before, the connection is refused.
 */
export interface Jt600Session {
  serial?: string;
}

type Decoded = { message?: DecodedMessage; notices: DecodeNotice[] };

export const jt600Protocol: TcpProtocol<Jt600Session> = {
  name: 'jt600',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    const notices: DecodeNotice[] = [];
    let consumed = 0;
    for (;;) {
      const rest = buf.subarray(consumed);
      if (session.serial !== undefined && !startsFrame(rest)) {
        // A binary frame whose length was wrong left bytes that start none: skip to the unit's
        // next frame, keeping a tail that may be its start still arriving.
        const next = nextFrameOf(rest, session.serial);
        const skip = next.at ?? Math.max(0, rest.length - next.keep);
        if (skip > 0) {
          consumed += skip;
          notices.push({
            kind: 'skipped-bytes',
            detail: `${skip} byte(s) that start no JT600 frame skipped`,
          });
        }
        if (next.at === undefined) break;
        continue;
      }
      const frame = readJt600Frame(rest);
      if (!frame) break;
      consumed += frame.size;
      if (frame.kind === 'padding') continue;
      const decoded = decodeOrSkip(session, () =>
        frame.kind === 'binary'
          ? binaryMessage(frame.bytes, frame.long, now)
          : textMessage(frame.text, now),
      );
      if (decoded.message) messages.push(decoded.message);
      notices.push(...decoded.notices);
    }
    return notices.length > 0 ? { consumed, messages, notices } : { consumed, messages };
  },
};

/**
 * A frame without a unit ID is refused before the unit is known and dropped after; one with an
 * ID whose body does not read is dropped with a notice, unanswered, naming its unit.
 */
function decodeOrSkip(session: Jt600Session, decode: () => Decoded): Decoded {
  try {
    const decoded = decode();
    if (decoded.message?.serial) session.serial = decoded.message.serial;
    return decoded;
  } catch (error) {
    if (!(error instanceof ProtocolError) || session.serial === undefined) throw error;
    return { notices: [skipped(error)] };
  }
}

const skipped = (error: ProtocolError): DecodeNotice => ({
  kind: 'skipped-frame',
  detail: `${error.message}; frame dropped`,
});

function identified(serial: string, read: () => Decoded): Decoded {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    return { message: { serial, positions: [] }, notices: [skipped(error)] };
  }
}

function binaryMessage(bytes: Buffer, long: boolean, now: Date): Decoded {
  return identified(binaryUnitId(bytes), () => {
    const { serial, positions, status, reply, notices } = decodeBinary(bytes, long, now);
    const message: DecodedMessage = { serial, positions };
    if (status) message.status = status;
    if (reply) message.reply = reply;
    return { message, notices };
  });
}

function textMessage(text: string, now: Date): Decoded {
  const values = text.split(',');
  if (!/^\d{1,20}$/.test(values[0]!)) {
    throw new ProtocolError(
      `JT600 text frame must be (<unit id>,<type>,...), got ${JSON.stringify(text.slice(0, 24))}`,
    );
  }
  return identified(values[0]!, () => readTextMessage(values, now));
}

function readTextMessage(values: string[], now: Date): Decoded {
  const report = readText(values, now);
  const message: DecodedMessage = { serial: report.serial, positions: [] };
  if (report.unread !== undefined) {
    const detail = `JT600 ${JSON.stringify(report.unread.slice(0, 8))} reports are not read`;
    return { message, notices: [{ kind: 'skipped-frame', detail }] };
  }
  if (report.position) {
    const why = impossibility(report.position);
    if (why) throw new ProtocolError(`JT600 ${values[1]}: ${why}`);
    message.positions.push(report.position);
  }
  if (report.status) message.status = report.status;
  if (report.reply) message.reply = Buffer.from(report.reply, 'latin1');
  return { message, notices: [] };
}
