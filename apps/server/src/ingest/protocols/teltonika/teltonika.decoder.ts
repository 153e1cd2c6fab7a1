import { ByteReader, asBuffer } from '../bytes';
import { ProtocolError } from '../types';
import type { RawPosition } from '@waymark/domain';
import type { DecodedMessage, TcpProtocol } from '../types';
import { isAvlCodec, readAvlRecord } from './teltonika.avl';
import { CODEC_12, decodeCodec12Response } from './teltonika.codec12';
import { crc16Ibm } from './teltonika.crc';

/**
 * Teltonika FMB/FMC over TCP (port 5027), per the Teltonika wiki "Teltonika Data Sending
 * Protocols": the device first sends its IMEI (2-byte length + ASCII digits) and waits for 0x01;
 * then AVL data packets: preamble 0x00000000, data field length (4), data (codec ID .. number of
 * data 2), CRC-16/IBM (4). The server acknowledges each packet with the record count (4 bytes).
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
const IMEI_ACCEPTED = Uint8Array.from([0x01]);

export const teltonikaProtocol: TcpProtocol<TeltonikaSession> = {
  name: 'teltonika',
  createSession: () => ({}),
  decode(session, buffer) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let consumed = 0;
    for (;;) {
      const rest = buf.subarray(consumed);
      const step =
        session.serial === undefined
          ? readHandshake(session, rest)
          : readPacket(session.serial, rest);
      if (!step) break;
      messages.push(step.message);
      consumed += step.size;
    }
    return { consumed, messages };
  },
};

interface Step {
  size: number;
  message: DecodedMessage;
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

function readPacket(serial: string, buf: Buffer): Step | undefined {
  if (buf.length >= 4 && buf.readUInt32BE(0) !== 0) {
    throw new ProtocolError(
      `Teltonika packet must start with preamble 00000000, got ${buf.subarray(0, 4).toString('hex')}`,
    );
  }
  if (buf.length < 8) {
    if (buf.subarray(0, 4).some((b) => b !== 0))
      throw new ProtocolError('Teltonika packet preamble is not zero');
    return undefined;
  }
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
    throw new ProtocolError(
      `Teltonika CRC mismatch: packet says ${expected.toString(16)}, data gives ${actual.toString(16)}`,
    );
  }
  const codec = data.readUInt8(0);
  const count = data.readUInt8(1);
  if (data.readUInt8(length - 1) !== count) {
    throw new ProtocolError(
      `Teltonika record counts disagree: ${count} at the start, ${data.readUInt8(length - 1)} at the end`,
    );
  }
  if (codec === CODEC_12)
    return { size, message: { positions: [], commandResponse: decodeCodec12Response(data) } };
  if (!isAvlCodec(codec)) {
    throw new ProtocolError(
      `Teltonika codec 0x${codec.toString(16)} is not supported: expected 0x08, 0x8E, 0x10 or 0x0C`,
    );
  }
  return {
    size,
    message: { positions: readRecords(data, codec, count, serial), reply: ack(count) },
  };
}

function readRecords(data: Buffer, codec: number, count: number, serial: string): RawPosition[] {
  const r = new ByteReader(
    data.subarray(2, data.length - 1),
    `Teltonika codec 0x${codec.toString(16)}`,
  );
  const positions: RawPosition[] = [];
  for (let i = 0; i < count; i++) positions.push(readAvlRecord(r, codec, serial));
  if (r.remaining !== 0) {
    throw new ProtocolError(
      `Teltonika data field has ${r.remaining} byte(s) left after ${count} record(s)`,
    );
  }
  return positions;
}

/** "Server response: number of data received", 4 bytes big-endian. */
function ack(count: number): Uint8Array {
  const reply = Buffer.alloc(4);
  reply.writeUInt32BE(count);
  return reply;
}
