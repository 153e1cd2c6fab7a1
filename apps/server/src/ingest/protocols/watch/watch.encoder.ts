import { ProtocolError } from '../types';
import type { WatchSession } from './watch.decoder';
import { buildWatchFrame } from './watch.frame';

const MAX_COMMAND = 1024;

/**
 * A downlink command of the Watch protocol: `[MF*ID*LEN*command]`, framed with the maker code
 * (and index) the watch itself uses. The text is the command: `CR` (locate now), `RESET`
 * (reboot), `UPLOAD,600` (report every 600 s), `VERNO` (firmware version), `POWEROFF`,
 * `FACTORY`. The watch echoes the command when it has carried it out.
 */
export function encodeWatchCommand(session: WatchSession, text: string): Uint8Array {
  if (session.serial === undefined) {
    throw new ProtocolError('Watch command cannot be sent before the watch has sent a frame');
  }
  const command = text.trim();
  if (command.length === 0 || command.length > MAX_COMMAND || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `Watch command must be 1 to ${MAX_COMMAND} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  if (/[[\]]/.test(command)) {
    throw new ProtocolError(
      `Watch command text cannot hold '[' or ']', got ${JSON.stringify(text)}`,
    );
  }
  // Firmwares that number their frames take any index on a server's command.
  return buildWatchFrame(
    session.maker ?? '3G',
    session.serial,
    command,
    session.indexed ? '0001' : undefined,
  );
}
