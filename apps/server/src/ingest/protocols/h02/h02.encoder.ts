import { ProtocolError } from '../types';
import type { H02Session } from './h02.decoder';

/** Commands are short; the longest documented one (UR, six phone numbers) is under 120 bytes. */
const MAX_COMMAND = 512;

/**
 * A downlink command (H02 protocol V1.0.5 §4): `*HQ,<terminal number>,<command>#`. The text is
 * the command as the document writes it after the terminal number, e.g. `CR` (locate now),
 * `CQ` (reboot), `XT,30` (driving interval), `INFO`, `S20,HHmmss,1,1` (cut the engine). The
 * document's time field is written `HHmmss` and filled with the UTC time here; the terminal
 * echoes it in its V4 answer. A text that already starts with `*` is sent as it is.
 */
export function encodeH02Command(session: H02Session, text: string, now: Date): Uint8Array {
  if (session.serial === undefined) {
    throw new ProtocolError(
      'H02 command cannot be sent before the device has sent its terminal number',
    );
  }
  const command = text.trim();
  if (command.length === 0 || command.length > MAX_COMMAND || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `H02 command must be 1 to ${MAX_COMMAND} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  if (command.startsWith('*'))
    return Buffer.from(command.endsWith('#') ? command : `${command}#`, 'ascii');
  if (/[*#]/.test(command)) {
    throw new ProtocolError(`H02 command text cannot hold '*' or '#', got ${JSON.stringify(text)}`);
  }
  const time = now.toISOString().slice(11, 19).replace(/:/g, '');
  return Buffer.from(`*HQ,${session.serial},${command.replace(/HHmmss/g, time)}#`, 'ascii');
}
