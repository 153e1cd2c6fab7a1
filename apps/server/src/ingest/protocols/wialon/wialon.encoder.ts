import { ProtocolError } from '../types';
import { wialonCrc } from './wialon.crc';
import type { WialonSession } from './wialon.decoder';

const MAX_COMMAND = 512;

/**
 * A command to a Wialon IPS unit: the protocol's one server message, `#M#<text>` (2.0:
 * `#M#<text>;<CRC16>`), which units show to the driver or, by their firmware, read as a
 * configuration command (`reboot`, `getinfo`, `setparam ...` per vendor). The unit answers
 * nothing but its own `#M#` packets.
 */
export function encodeWialonCommand(session: WialonSession, text: string): Uint8Array {
  if (session.serial === undefined) {
    throw new ProtocolError('Wialon IPS command cannot be sent before the unit has logged in');
  }
  const command = text.trim();
  if (command.length === 0 || command.length > MAX_COMMAND || /[\r\n]/.test(command)) {
    throw new ProtocolError(
      `Wialon IPS command must be one line of 1 to ${MAX_COMMAND} characters, got ${JSON.stringify(text)}`,
    );
  }
  const body = session.version === '2.0' ? `${command};${wialonCrc(`${command};`)}` : command;
  return Buffer.from(`#M#${body}\r\n`, 'utf8');
}
