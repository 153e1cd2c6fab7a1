import { ByteReader, asBuffer } from '../bytes';
import { impossibility } from '../plausibility';
import { ProtocolError } from '../types';
import type { RawPosition } from '@waymark/domain';
import type { DecodedMessage, DecodeNotice, TcpProtocol } from '../types';
import { layoutsOf, readAvlRecord } from './teltonika.avl';
import type { Layout } from './teltonika.avl';
import { CODEC_12, decodeCodec12Response } from './teltonika.codec12';
import { CODEC_13, decodeCodec13 } from './teltonika.codec13';
import { crc16Ibm } from './teltonika.crc';

/**
 * Teltonika FMB/FMC over TCP (port 5027), per the Teltonika wiki "Teltonika Data Sending
 * Protocols": the device first sends its IMEI (2-byte length + ASCII digits) and waits for 0x01;
 * then AVL data packets: preamble 0x00000000, data field length (4), data (codec ID .. number of
 * data 2), CRC-16/IBM (4). The server acknowledges each packet with the record count (4 bytes).
 * Devices keep an idle link open with a single 0xFF byte, before and after the handshake.
 */
export interface TeltonikaSession {
  serial?: string;
}

/**
 * Far above any real packet (the wiki gives 1280 bytes as the device maximum), low enough that a
 * lying length field cannot make the listener buffer without bound.
 */
const MAX_DATA_LENGTH = 64 * 1024;
/** Codec ID + two record counts. */
const MIN_DATA_LENGTH = 3;
const KEEP_ALIVE = 0xff;
const IMEI_ACCEPTED = Uint8Array.from([0x01]);

export const teltonikaProtocol: TcpProtocol<TeltonikaSession> = {
  name: 'teltonika',
  createSession: () => ({}),
  decode(session, buffer) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    const out: Output = { notices: undefined };
    let consumed = 0;
    while (consumed < buf.length) {
      if (buf[consumed] === KEEP_ALIVE) {
        consumed = skipKeepAlive(buf, consumed, out);
        continue;
      }
      const rest = buf.subarray(consumed);
      const step =
        session.serial === undefined
          ? readHandshake(session, rest)
          : readPacket(session.serial, rest, out);
      if (!step) break;
      if (step.message) messages.push(step.message);
      consumed += step.size;
    }
    return out.notices ? { consumed, messages, notices: out.notices } : { consumed, messages };
  },
};

interface Step {
  size: number;
  /** Undefined for a packet that was framed but dropped (see its notice). */
  message?: DecodedMessage;
}

/** Notices of one decode call, allocated only when there is one. */
export interface Output {
  notices: DecodeNotice[] | undefined;
}

export function notice(out: Output, kind: DecodeNotice['kind'], detail: string) {
  (out.notices ??= []).push({ kind, detail });
}

function skipKeepAlive(buf: Buffer, from: number, out: Output): number {
  let at = from;
  while (buf[at] === KEEP_ALIVE) at++;
  notice(out, 'keep-alive', `${at - from} keep-alive byte(s) 0xFF skipped`);
  return at;
}

function readHandshake(session: TeltonikaSession, buf: Buffer): Step | undefined {
  if (buf.length < 2) return undefined;
  const length = buf.readUInt16BE(0);
  if (length === 0) throw new ProtocolError('Teltonika AVL data arrived before the IMEI handshake');
  if (length > 20) {
    throw new ProtocolError(
      `Teltonika IMEI length ${length} is impossible: must be 1 to 20 digits`,
    );
  }
  if (buf.length < 2 + length) return undefined;
  const imei = buf.subarray(2, 2 + length).toString('latin1');
  if (!/^\d+$/.test(imei))
    throw new ProtocolError(`Teltonika IMEI must be ASCII digits, got ${JSON.stringify(imei)}`);
  session.serial = imei;
  return { size: 2 + length, message: { positions: [], serial: imei, reply: IMEI_ACCEPTED } };
}

function readPacket(serial: string, buf: Buffer, out: Output): Step | undefined {
  const preamble = Math.min(buf.length, 4);
  for (let i = 0; i < preamble; i++) {
    if (buf[i] !== 0) {
      throw new ProtocolError(
        `Teltonika packet must start with preamble 00000000, got ${buf.subarray(0, 4).toString('hex')}`,
      );
    }
  }
  if (buf.length < 8) return undefined;
  const length = buf.readUInt32BE(4);
  if (length < MIN_DATA_LENGTH || length > MAX_DATA_LENGTH) {
    throw new ProtocolError(
      `Teltonika data field length ${length} is impossible: must be ${MIN_DATA_LENGTH} to ${MAX_DATA_LENGTH}`,
    );
  }
  const size = 8 + length + 4;
  if (buf.length < size) return undefined;
  const data = buf.subarray(8, 8 + length);
  const expected = buf.readUInt32BE(8 + length);
  const actual = crc16Ibm(data);
  if (expected !== actual) {
    // TCP already guards the bytes: a device that computes its CRC wrongly would otherwise
    // resend the same packet forever. Its structure (counts, records) is checked below.
    notice(
      out,
      'crc-mismatch',
      `Teltonika CRC mismatch: packet says ${expected.toString(16)}, data gives ${actual.toString(16)}; decoded as its structure holds`,
    );
  }
  try {
    return { size, message: decodeData(data, serial, out) };
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    notice(out, 'skipped-frame', `${error.message}; packet dropped, not acknowledged`);
    return { size };
  }
}

/**
 * The data field of a framed packet (codec ID .. number of data 2, over TCP or UDP): AVL records,
 * acknowledged with their count in 4 bytes, or a command answer (Codec 12 / 13).
 */
export function decodeData(data: Buffer, serial: string, out: Output): DecodedMessage {
  const codec = data.readUInt8(0);
  const count = data.readUInt8(1);
  const countAtEnd = data.readUInt8(data.length - 1);
  if (countAtEnd !== count) {
    throw new ProtocolError(
      `Teltonika record counts disagree: ${count} at the start, ${countAtEnd} at the end`,
    );
  }
  if (codec === CODEC_12) return { positions: [], commandResponse: decodeCodec12Response(data) };
  if (codec === CODEC_13) return { positions: [], commandResponse: decodeCodec13(data) };
  const layouts = layoutsOf(codec);
  if (!layouts) {
    throw new ProtocolError(
      `Teltonika codec 0x${codec.toString(16)} is not supported: expected 0x08, 0x8E, 0x10, 0x0C or 0x0D`,
    );
  }
  // Every record counts in the acknowledgement, those rejected too: resending them would not
  // make their time a real date.
  return { positions: readRecords(data, layouts, count, serial, out), reply: ack(count) };
}

/**
 * Records in the first layout that fits the data field exactly (codec 8 has two, see
 * CODEC_8_WIDE_IDS); a record that is not a possible fix is rejected alone, with a notice.
 */
function readRecords(
  data: Buffer,
  layouts: readonly Layout[],
  count: number,
  serial: string,
  out: Output,
): RawPosition[] {
  const records = data.subarray(2, data.length - 1);
  let firstError: ProtocolError | undefined;
  for (const layout of layouts) {
    const r = new ByteReader(records, `Teltonika ${layout.name}`);
    try {
      const positions: RawPosition[] = [];
      let rejected: string[] | undefined;
      for (let i = 0; i < count; i++) {
        const position = readAvlRecord(r, layout, serial);
        const why = impossibility(position);
        if (why) (rejected ??= []).push(`Teltonika record ${i + 1} of ${count}: ${why}; rejected`);
        else positions.push(position);
      }
      if (r.remaining !== 0) {
        throw new ProtocolError(
          `Teltonika ${layout.name} data field has ${r.remaining} byte(s) left after ${count} record(s)`,
        );
      }
      if (rejected) for (const detail of rejected) notice(out, 'rejected-record', detail);
      return positions;
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      firstError ??= error;
    }
  }
  throw firstError!;
}

/** "Server response: number of data received", 4 bytes big-endian. */
function ack(count: number): Uint8Array {
  const reply = Buffer.alloc(4);
  reply.writeUInt32BE(count);
  return reply;
}
