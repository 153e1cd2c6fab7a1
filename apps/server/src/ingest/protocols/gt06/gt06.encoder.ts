import { ProtocolError } from '../types';
import type { Gt06Session } from './gt06.decoder';
import { buildFrame } from './gt06.frame';

const ONLINE_COMMAND = 0x80;

/**
 * Online command 0x80 (Concox protocol V3.1 §8.1): command length (= 4 + text), a 4-byte server
 * flag the terminal echoes in its reply, and the SMS-compatible ASCII command text. The optional
 * language field is left out, which the document allows.
 */
export function encodeGt06Command(
  session: Gt06Session,
  serialNo: number,
  text: string,
  serverFlag = 0,
): Uint8Array {
  if (session.serial === undefined) {
    throw new ProtocolError('GT06 command cannot be sent before the device has logged in');
  }
  const command = Buffer.from(text, 'ascii');
  if (command.length === 0 || command.length > 0xff - 4) {
    throw new ProtocolError(
      `GT06 command text must be 1 to 251 ASCII bytes, got ${command.length}`,
    );
  }
  const content = Buffer.alloc(5 + command.length);
  content.writeUInt8(4 + command.length, 0);
  content.writeUInt32BE(serverFlag >>> 0, 1);
  command.copy(content, 5);
  return buildFrame(ONLINE_COMMAND, content, serialNo & 0xffff);
}
