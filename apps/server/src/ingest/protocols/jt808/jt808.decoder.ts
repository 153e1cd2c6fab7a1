import { asBuffer, toHex } from '../bytes';
import { ProtocolError } from '../types';
import type { DecodedMessage, DecodeNotice, TcpProtocol } from '../types';
import { FLAG, hex4, nextFlag, readFrame } from './jt808.frame';
import type { Jt808Frame, Jt808Terminal } from './jt808.frame';
import { serialFromPhone } from './jt808.fields';
import { decodeBatch, decodeLocation } from './jt808.location';
import {
  platformResponse,
  readAuthentication,
  readRegistration,
  readTerminalResponse,
  registrationResponse,
} from './jt808.terminal';
import type { Jt808Edition } from './jt808.terminal';

/**
 * JT/T 808 over TCP (port 5015): the Chinese national standard for vehicle terminals, in its
 * 2011, 2013 and 2019 editions (Huabao and most trackers made in China). Every message carries
 * the terminal's phone number, which is its serial in Waymark. The platform answers each
 * message with the common response 0x8001 (a location only once it is stored) and the
 * registration with 0x8100 and a token, which the terminal then authenticates with (0x0102).
 */
export interface Jt808Session {
  serial?: string;
  /** The header edition and phone of the terminal's last message, for answers and commands. */
  terminal?: Jt808Terminal;
  /** Edition its registration used, when it registered on this connection. */
  edition?: Jt808Edition;
  /** The platform's message serial number, counted per connection. */
  serialNo: number;
}

const TERMINAL_RESPONSE = 0x0001;
const HEARTBEAT = 0x0002;
const REGISTRATION = 0x0100;
const AUTHENTICATION = 0x0102;
const LOCATION = 0x0200;
const BATCH = 0x0704;
/** Bytes between frames an identified terminal may send before we call it garbage. */
const MAX_SKIPPED_BYTES = 64;
/** What our downlink messages are, for the text of a terminal's answer to them. */
const COMMANDS: Record<number, string> = {
  0x8103: 'parameter settings (0x8103)',
  0x8300: 'text message (0x8300)',
};

export const jt808Protocol: TcpProtocol<Jt808Session> = {
  name: 'jt808',
  createSession: () => ({ serialNo: 0 }),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let notices: DecodeNotice[] | undefined;
    let consumed = 0;
    while (consumed < buf.length) {
      if (buf[consumed] !== FLAG) {
        const skipped = skipToFlag(session, buf, consumed);
        (notices ??= []).push({
          kind: 'skipped-bytes',
          detail: `${skipped} byte(s) before a flag 7E skipped: ${toHex(buf.subarray(consumed, consumed + Math.min(skipped, 16)))}`,
        });
        consumed += skipped;
        continue;
      }
      const read = readFrame(buf.subarray(consumed));
      if (!read) break;
      if ('stray' in read) {
        consumed += 1;
        continue;
      }
      if ('bent' in read) {
        if (session.serial === undefined) throw new ProtocolError(read.bent);
        // Its closing flag may be the opening flag of the next frame (a frame cut short).
        consumed += read.size - 1;
        (notices ??= []).push({ kind: 'skipped-frame', detail: `${read.bent}; frame dropped` });
        continue;
      }
      const { frame } = read;
      const result = decodeOrSkip(session, frame, now);
      if ('kind' in result) {
        // A frame whose check code and length both fail and that does not decode was most
        // likely cut short: its closing flag opens the next one.
        const cut = !frame.checkValid && !frame.lengthValid;
        consumed += cut ? frame.size - 1 : frame.size;
        (notices ??= []).push(result);
        continue;
      }
      consumed += frame.size;
      if (!frame.lengthValid) (notices ??= []).push(lengthNotice(frame));
      if (!frame.checkValid) (notices ??= []).push(checkNotice(frame));
      messages.push(result.message);
      if (result.notices.length > 0) (notices ??= []).push(...result.notices);
    }
    return notices ? { consumed, messages, notices } : { consumed, messages };
  },
};

/**
 * Bytes that do not start a frame: garbage before the terminal identified itself; after it, a
 * few are skipped up to the next flag.
 */
function skipToFlag(session: Jt808Session, buf: Buffer, from: number): number {
  const next = nextFlag(buf, from);
  const end = next === -1 ? buf.length : next;
  if (session.serial === undefined || (next === -1 && end - from > MAX_SKIPPED_BYTES)) {
    throw new ProtocolError(
      `JT808 frame must start with flag 7E, got ${toHex(buf.subarray(from, from + 8))}`,
    );
  }
  return end - from;
}

function lengthNotice(frame: Jt808Frame): DecodeNotice {
  return {
    kind: 'resynchronised',
    detail: `JT808 0x${hex4(frame.header.messageId)} frame: its properties say ${frame.header.declaredLength} body bytes, its flags hold ${frame.body.length}; read as delimited`,
  };
}

function checkNotice(frame: Jt808Frame): DecodeNotice {
  return {
    kind: 'crc-mismatch',
    detail: `JT808 0x${hex4(frame.header.messageId)} frame: check code does not match its content; decoded as its structure holds`,
  };
}

type Decoded = { message: DecodedMessage; notices: DecodeNotice[] };

/**
 * A frame whose body does not decode is dropped with a notice once the terminal has been heard;
 * before that, nothing says this is a terminal at all, so the connection is refused.
 */
function decodeOrSkip(session: Jt808Session, frame: Jt808Frame, now: Date): Decoded | DecodeNotice {
  try {
    return decodeFrame(session, frame, now);
  } catch (error) {
    if (!(error instanceof ProtocolError) || session.serial === undefined) throw error;
    return { kind: 'skipped-frame', detail: `${error.message}; frame dropped` };
  }
}

function decodeFrame(session: Jt808Session, frame: Jt808Frame, now: Date): Decoded {
  const { header, body } = frame;
  const serial = serialFromPhone(header.phone);
  const terminal: Jt808Terminal = {
    edition2019: header.edition2019,
    protocolVersion: header.protocolVersion,
    phone: header.phone,
  };
  const ack = () => platformResponse(terminal, session.serialNo++ & 0xffff, header);
  const done = (message: Omit<DecodedMessage, 'serial'>, notices: DecodeNotice[] = []) => {
    session.serial = serial;
    session.terminal = terminal;
    return { message: { serial, ...message }, notices };
  };
  const type = `JT808 0x${hex4(header.messageId)}`;
  if (header.encryption !== 0) {
    throw new ProtocolError(
      `${type}: RSA-encrypted bodies are not read (encryption ${header.encryption})`,
    );
  }
  // Sub-packages are acknowledged one by one; a long message split in them is not reassembled.
  if (header.subpackage) return done({ positions: [], reply: ack() });

  switch (header.messageId) {
    case REGISTRATION: {
      const registration = readRegistration(header, body);
      session.edition = registration.edition;
      // The token is the terminal's own number: a unit that lost its session (or a server that
      // restarted) authenticates again with what it was given.
      const reply = registrationResponse(terminal, session.serialNo++ & 0xffff, header, serial);
      const { edition, manufacturer, model, terminalId, plate } = registration;
      const attributes = { protocolEdition: edition, manufacturer, model, terminalId };
      return done({
        positions: [],
        reply,
        status: { serial, time: now, attributes: plate ? { ...attributes, plate } : attributes },
      });
    }
    case AUTHENTICATION: {
      const { imei, firmware } = readAuthentication(header, body);
      const attributes = { ...(imei && { imei }), ...(firmware && { firmware }) };
      const status =
        Object.keys(attributes).length > 0 ? { serial, time: now, attributes } : undefined;
      return done({ positions: [], reply: ack(), ...(status && { status }) });
    }
    case HEARTBEAT:
      return done({ positions: [], reply: ack(), status: { serial, time: now } });
    case LOCATION:
      return done({ positions: [decodeLocation(body, serial, now, type)], reply: ack() });
    case BATCH: {
      const { positions, notices } = decodeBatch(body, serial, now);
      return done({ positions, reply: ack() }, notices);
    }
    case TERMINAL_RESPONSE: {
      const answer = readTerminalResponse(body);
      const command = COMMANDS[answer.messageId];
      // An answer to our common response or to anything we did not send is not a command's.
      return done(
        command
          ? { positions: [], commandResponse: `${command} ${answer.result}` }
          : { positions: [] },
      );
    }
    default:
      // Logout, transparent data, multimedia, ...: acknowledged, nothing Waymark stores.
      return done({ positions: [], reply: ack() });
  }
}
