import { ProtocolError } from '../types';
import { istartekChecksum } from './istartek.checksum';
import type { IstartekSession } from './istartek.decoder';

const MAX_COMMAND = 256;

/**
 * A command to an iStartek unit: `$$:<length>,<imei>,<code>,<parameters><checksum>\r\n`, the
 * length counting from the comma before the IMEI to the checksum. The text is the code and its
 * parameters: `900,1,1` switches output 1 on (cuts the engine where wired), `900,1,0` off,
 * `802` asks for the location now. The unit answers with the code and its result (`900,OK`).
 */
export function encodeIstartekCommand(session: IstartekSession, text: string): Uint8Array {
  if (session.serial === undefined) {
    throw new ProtocolError('iStartek command cannot be sent before the unit has reported');
  }
  const command = text.trim();
  if (!/^[0-9A-Fa-f]{3}(,[\x20-\x7e]*)?$/.test(command) || command.length > MAX_COMMAND) {
    throw new ProtocolError(
      `iStartek command must be a 3-digit code and its parameters (900,1,1), up to ${MAX_COMMAND} characters, got ${JSON.stringify(text)}`,
    );
  }
  const sentence = `$$:${1 + session.serial.length + 1 + command.length},${session.serial},${command}`;
  return Buffer.from(`${sentence}${istartekChecksum(sentence)}\r\n`, 'latin1');
}
