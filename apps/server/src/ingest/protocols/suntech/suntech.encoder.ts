import { ProtocolError } from '../types';
import type { SuntechSession } from './suntech.decoder';

const MAX_COMMAND = 256;

/**
 * A command in the unit's own dialect: `<model>CMD;<device id>;02;<command>` for the ST300
 * protocol (`StatusReq` asks for a report, `Reboot`, `Enable1` / `Disable1` switch output 1,
 * `AckEmerg` acknowledges an emergency) and `CMD;<device id>;<command>` for the universal
 * format. A text that starts with the model's or the universal `CMD;` is sent as written.
 * The unit answers with a `RES` report, stored as the command's answer.
 */
export function encodeSuntechCommand(session: SuntechSession, text: string): Uint8Array {
  if (session.serial === undefined) {
    throw new ProtocolError('Suntech command cannot be sent before the unit has reported');
  }
  const command = text.trim();
  if (command.length === 0 || command.length > MAX_COMMAND || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `Suntech command must be 1 to ${MAX_COMMAND} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  const model = session.model ?? '';
  if (/^(?:(?:ST|SA)\d{3})?CMD;/.test(command)) return Buffer.from(`${command}\r`, 'ascii');
  const line =
    model === ''
      ? `CMD;${session.serial};${command}`
      : `${model}CMD;${session.serial};02;${command}`;
  return Buffer.from(`${line}\r`, 'ascii');
}
