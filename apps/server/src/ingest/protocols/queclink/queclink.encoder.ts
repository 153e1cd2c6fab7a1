import { ProtocolError } from '../types';
import type { QueclinkSession } from './queclink.decoder';

const MAX_COMMAND = 512;

/**
 * An @Track command (TRACGL300AN001 §3.2): `AT+GT<command>=<password>,<parameters>,<serial
 * number>$`, sent as the model's template writes it (the password is the unit's, `gl300` or
 * `gv300` by default). Examples: `AT+GTRTO=gl300,1,,,,,,FFFF$` asks for the current position
 * (answered +RESP:GTRTL), sub-command 3 reboots, 8 asks for the firmware version. The unit
 * answers `+ACK:GT<command>,...`. A missing `$` is added.
 */
export function encodeQueclinkCommand(session: QueclinkSession, text: string): Uint8Array {
  if (session.serial === undefined) {
    throw new ProtocolError('Queclink command cannot be sent before the unit has reported');
  }
  const command = text.trim().replace(/\$$/, '');
  if (command.length === 0 || command.length > MAX_COMMAND || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `Queclink command must be 1 to ${MAX_COMMAND} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  if (!/^AT\+GT[A-Z0-9]{3}=/.test(command) || command.includes('$')) {
    throw new ProtocolError(
      `Queclink command must be one AT+GTxxx=... line ending in $, got ${JSON.stringify(text)}`,
    );
  }
  return Buffer.from(`${command}$`, 'ascii');
}
