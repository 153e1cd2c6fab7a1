import { ByteReader } from '../bytes';
import { ProtocolError } from '../types';
import { crc16Ibm } from './teltonika.crc';

/** Codec 12 (Teltonika wiki, "Codec 12"): GPRS commands (type 0x05) and their responses (0x06). */
export const CODEC_12 = 0x0c;
const TYPE_COMMAND = 0x05;
const TYPE_RESPONSE = 0x06;

/**
 * Frame: preamble 0x00000000, data size (4), codec 0x0C, quantity 1, type 0x05, command size (4),
 * command, quantity 2, CRC-16/IBM (4, upper half zero) over codec ID .. quantity 2.
 */
export function encodeCodec12Command(text: string): Uint8Array {
  const command = Buffer.from(text, 'ascii');
  if (command.length === 0)
    throw new ProtocolError('Teltonika Codec 12 command text must not be empty');
  const data = Buffer.alloc(8 + command.length);
  data.writeUInt8(CODEC_12, 0);
  data.writeUInt8(1, 1);
  data.writeUInt8(TYPE_COMMAND, 2);
  data.writeUInt32BE(command.length, 3);
  command.copy(data, 7);
  data.writeUInt8(1, data.length - 1);
  const frame = Buffer.alloc(12 + data.length);
  frame.writeUInt32BE(data.length, 4);
  data.copy(frame, 8);
  frame.writeUInt32BE(crc16Ibm(data), frame.length - 4);
  return frame;
}

/** Reads the response text of a Codec 12 data field (CRC already checked by the framing). */
export function decodeCodec12Response(data: Buffer): string {
  const r = new ByteReader(data, 'Teltonika Codec 12');
  r.u8(); // codec
  const quantity = r.u8();
  const type = r.u8();
  if (quantity !== 1 || type !== TYPE_RESPONSE) {
    throw new ProtocolError(
      `Teltonika Codec 12 from a device must hold one response (type 0x06), got ${quantity} of type 0x${type.toString(16)}`,
    );
  }
  return responseText(r.bytes(r.u32()));
}

/** Responses are ASCII text; a few commands answer raw bytes, which we pass on as hex. */
export function responseText(payload: Buffer): string {
  const text = payload.toString('latin1');
  return /^[\x20-\x7e\r\n\t]*$/.test(text) ? text.trim() : payload.toString('hex');
}
