import { ProtocolError } from '../types';
import type { MeitrackSession } from './meitrack.decoder';
import { buildMeitrackFrame } from './meitrack.frame';

const MAX_COMMAND = 256;
/** Data identifier of the server's frames; the unit echoes it in its answer. */
const SERVER_FLAG = 'Q';

/**
 * A GPRS command of the Meitrack protocol: `@@<identifier><length>,<IMEI>,<command>*<checksum>\r\n`.
 * The text is the command and its parameters: `A10` (locate now), `F01` (restart the GSM
 * module), `A12,6` (report every 60 s: the unit is 10 s), `E91` (firmware version and serial
 * number), `C01,0,12222` (output A on, the others unchanged). The unit answers `<command>,OK`
 * or with the data asked for.
 */
export function encodeMeitrackCommand(session: MeitrackSession, text: string): Uint8Array {
  if (session.serial === undefined) {
    throw new ProtocolError('Meitrack command cannot be sent before the unit has reported');
  }
  const command = text.trim();
  if (command.length === 0 || command.length > MAX_COMMAND || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `Meitrack command must be 1 to ${MAX_COMMAND} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  if (!/^[A-Z0-9]{3}(,|$)/.test(command) || command.includes('*')) {
    throw new ProtocolError(
      `Meitrack command must start with its 3-character code (A10, F01, C01, ...) and hold no '*', got ${JSON.stringify(text)}`,
    );
  }
  return buildMeitrackFrame(SERVER_FLAG, session.serial, command);
}
