import { ProtocolError } from '../types';
import type { NavtelecomSession } from './navtelecom.decoder';
import { buildNtcbFrame } from './navtelecom.ntcb';

/** Longer texts are configuration blocks the units take from their own tool, not by GPRS. */
const MAX_TEXT = 250;

/**
 * A text command for a Navtelecom unit in an NTCB frame, written in the units' command
 * language: `*?` queries (`*?V` asks for the firmware version, `*?ICCID` for the SIM's) and
 * `*!` commands, per the unit's command list. A text that starts with `*` is sent
 * as written; any other is taken for a command and given its `*!`. The frame goes from the
 * server's id to the unit's, as the unit's handshake named them. The unit answers `*@...`.
 */
export function encodeNavtelecomCommand(session: NavtelecomSession, text: string): Uint8Array {
  const command = text.trim();
  if (session.serial === undefined || session.unitId === undefined) {
    throw new ProtocolError('Navtelecom command before the unit identified itself (*>S)');
  }
  if (command.length === 0 || command.length > MAX_TEXT || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `Navtelecom command must be 1 to ${MAX_TEXT} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  const written = command.startsWith('*') ? command : `*!${command}`;
  return buildNtcbFrame(session.unitId, session.serverId ?? 1, Buffer.from(written, 'latin1'));
}
