import type { DeviceStatus, RawPosition } from '@waymark/domain';
import { asBuffer, toHex } from '../bytes';
import { ProtocolError } from '../types';
import type { DecodeNotice, DecodedMessage, TcpProtocol } from '../types';
import { readFlexNegotiation } from './navtelecom.fields';
import type { FlexLayout } from './navtelecom.fields';
import { KEEP_ALIVE, flexAnswer, readFlexMessage } from './navtelecom.flex';
import type { FlexMessage } from './navtelecom.flex';
import { buildNtcbFrame, readNtcbFrame } from './navtelecom.ntcb';
import type { NtcbFrame } from './navtelecom.ntcb';
import { readExtendedRecord, readRecord } from './navtelecom.record';

/**
 * Navtelecom Signal and SMART units over TCP (NAVTELECOM_PORT, 5180: Traccar's). A
 * connection opens with two NTCB handshakes: `*>S:<IMEI>` names the unit (answered `*<S`),
 * then `*>FLEX` announces which FLEX fields every record carries (answered `*<FLEX` with the
 * protocol and versions it asked for, accepting them). FLEX messages (`~A`, `~T`, `~C`, `~E`,
 * `~X`) follow, each answered once its records are stored; the unit keeps what is not
 * answered and sends it again. The unit's answers to commands (`*@...`) are stored with them.
 */
export interface NavtelecomSession {
  serial?: string;
  /** The ids of the unit's NTCB header: answers and commands go back with them swapped. */
  unitId?: number;
  serverId?: number;
  /** What `*>FLEX` negotiated; FLEX records cannot be framed before it. */
  flex?: FlexLayout;
}

const IDENTIFICATION = /^\*>S:(\d{15})$/;
const NEGOTIATION = '*>FLEX';
const COMMAND_ANSWER = '*@';

export const navtelecomProtocol: TcpProtocol<NavtelecomSession> = {
  name: 'navtelecom',
  createSession: () => ({}),
  decode(session, buffer) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let notices: DecodeNotice[] | undefined;
    let consumed = 0;
    while (consumed < buf.length) {
      const rest = buf.subarray(consumed);
      if (rest[0] === KEEP_ALIVE) {
        consumed += 1;
        (notices ??= []).push({ kind: 'keep-alive', detail: 'FLEX keep-alive byte 0x7f' });
        continue;
      }
      const read = readOne(session, rest);
      if (!read) break;
      consumed += read.size;
      if (read.message) messages.push(read.message);
      if (read.notices) (notices ??= []).push(...read.notices);
    }
    return notices ? { consumed, messages, notices } : { consumed, messages };
  },
};

interface Read {
  size: number;
  message?: DecodedMessage;
  notices?: DecodeNotice[];
}

function readOne(session: NavtelecomSession, rest: Buffer): Read | undefined {
  if (rest[0] === 0x40) {
    const frame = readNtcbFrame(rest);
    return frame && { size: frame.size, ...onNtcb(session, frame) };
  }
  if (rest[0] === 0x7e) {
    if (session.serial === undefined) {
      throw new ProtocolError('FLEX data before the unit identified itself (*>S)');
    }
    const message = readFlexMessage(rest, session.flex?.recordSize);
    return message && { size: message.size, ...onFlex(session, session.serial, message) };
  }
  throw new ProtocolError(
    `Navtelecom input must start with @NTC, ~ or 0x7f, got ${toHex(rest.subarray(0, 8))}`,
  );
}

/** A checksum that disagrees: dropped unanswered, so that the unit sends it again. */
const dropped = (what: string): Omit<Read, 'size'> => ({
  notices: [{ kind: 'skipped-frame', detail: `${what} checksum disagrees; dropped unanswered` }],
});

function onNtcb(session: NavtelecomSession, frame: NtcbFrame): Omit<Read, 'size'> {
  const text = frame.body.toString('latin1');
  if (!frame.bodyChecksumHolds) return dropped(`NTCB ${JSON.stringify(text.slice(0, 6))}`);
  const answer = (body: Buffer) => buildNtcbFrame(frame.senderId, frame.receiverId, body);
  if (text.startsWith('*>S')) {
    const imei = IDENTIFICATION.exec(text)?.[1];
    if (!imei)
      throw new ProtocolError(`*>S must name a 15-digit IMEI, got ${JSON.stringify(text)}`);
    Object.assign(session, { serial: imei, unitId: frame.senderId, serverId: frame.receiverId });
    return { message: { serial: imei, positions: [], reply: answer(Buffer.from('*<S')) } };
  }
  const serial = session.serial;
  if (serial === undefined) {
    throw new ProtocolError(`NTCB ${JSON.stringify(text.slice(0, 6))} before *>S named the unit`);
  }
  if (text.startsWith(NEGOTIATION)) {
    session.flex = readFlexNegotiation(frame.body);
    // Accepting the unit's own protocol and versions: it sends records as it announced them.
    const accepted = Buffer.concat([Buffer.from('*<FLEX'), frame.body.subarray(6, 9)]);
    return { message: { serial, positions: [], reply: answer(accepted) } };
  }
  if (text.startsWith(COMMAND_ANSWER)) {
    return { message: { serial, positions: [], commandResponse: text.replace(/[\0\r\n]+$/, '') } };
  }
  // Other unit messages (answers to queries the server did not send) carry nothing to store.
  return { message: { serial, positions: [] } };
}

function onFlex(
  session: NavtelecomSession,
  serial: string,
  message: FlexMessage,
): Omit<Read, 'size'> {
  if (!message.crcHolds) return dropped(`FLEX ~${message.type} CRC8`);
  const positions: RawPosition[] = [];
  let status: DeviceStatus | undefined;
  let notices: DecodeNotice[] | undefined;
  const extended = message.type === 'E' || message.type === 'X';
  for (const record of message.records) {
    const read = extended
      ? readExtendedRecord(record, serial)
      : readRecord(record, session.flex!.fields, serial);
    if (read.position) positions.push(read.position);
    if (read.status && (!status || read.status.time >= status.time)) status = read.status;
    if (read.rejected) {
      (notices ??= []).push({
        kind: 'rejected-record',
        detail: `FLEX ~${message.type} record: ${read.rejected}; dropped`,
      });
    }
  }
  // Answered even when a record was rejected: sent again, it would be rejected again.
  const decoded: DecodedMessage = {
    serial,
    positions,
    ...(status && { status }),
    reply: flexAnswer(message),
  };
  return notices ? { message: decoded, notices } : { message: decoded };
}
