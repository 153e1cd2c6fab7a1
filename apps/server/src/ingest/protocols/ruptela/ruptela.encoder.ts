import { ProtocolError } from '../types';
import { buildServerPacket } from './ruptela.frame';

/** Command 108 carries an SMS command over GPRS; the device answers with command 7. */
const SMS_VIA_GPRS = 108;
/** An SMS is at most 160 characters. */
const MAX_TEXT = 160;

/**
 * A text command for a Ruptela device, sent as its SMS commands are (`coords`, `reset`,
 * `setio 1,1`, ...): command 108 "SMS via GPRS" with the text as its data. The device answers
 * with command 7 and the text it would have sent back by SMS.
 */
export function encodeRuptelaCommand(text: string): Uint8Array {
  const command = text.trim();
  if (command.length === 0 || command.length > MAX_TEXT || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `Ruptela command must be 1 to ${MAX_TEXT} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  return buildServerPacket(SMS_VIA_GPRS, Buffer.from(command, 'latin1'));
}
