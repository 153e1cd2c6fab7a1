import { ProtocolError } from '../types';
import type { Gps103Session } from './gps103.decoder';

const MAX_COMMAND = 256;

/**
 * A GPRS command of the Coban TK103 protocol: `**,imei:<IMEI>,<command>`. The text is what
 * follows the IMEI: `B` (locate now), `C,30s` (report every 30 s; s, m or h), `D` (stop
 * reporting), `J` / `K` (cut / restore fuel and power), `L` / `M` (arm / disarm). The protocol
 * has no reboot or device-information command over GPRS.
 */
export function encodeGps103Command(session: Gps103Session, text: string): Uint8Array {
  if (session.serial === undefined) {
    throw new ProtocolError('GPS103 command cannot be sent before the device has logged in');
  }
  const command = text.trim();
  if (command.length === 0 || command.length > MAX_COMMAND || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `GPS103 command must be 1 to ${MAX_COMMAND} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  if (command.startsWith('**,')) return Buffer.from(command, 'ascii');
  if (command.includes(';')) {
    throw new ProtocolError(`GPS103 command text cannot hold ';', got ${JSON.stringify(text)}`);
  }
  return Buffer.from(`**,imei:${session.serial},${command}`, 'ascii');
}
