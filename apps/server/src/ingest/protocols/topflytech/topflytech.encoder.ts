import { ProtocolError } from '../types';
import { buildTopflytechPacket, imeiToBcd } from './topflytech.frame';
import type { TopflytechSession } from './topflytech.decoder';

const COMMAND = 0x81;
/** Mode 1: a setting the unit applies and answers (2 broadcast, 3 forward to a serial port). */
const SETTING = 0x01;
const MAX_TEXT = 200;

/**
 * A text command for a Topflytech unit, as its SMS command set writes it (`RELAY,1#` cuts the
 * engine, `RELAY,0#` restores it, `STATUS#`, `REBOOT#`, ...): packet 0x81 in the unit's own
 * header, mode 1 and the ASCII text. The unit answers 0x81 with its reply in UTF-16LE.
 */
export function encodeTopflytechCommand(session: TopflytechSession, text: string): Uint8Array {
  const command = text.trim();
  if (!session.serial)
    throw new ProtocolError('Topflytech command before the unit identified itself');
  if (command.length === 0 || command.length > MAX_TEXT || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `Topflytech command must be 1 to ${MAX_TEXT} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  const content = Buffer.concat([Buffer.of(SETTING), Buffer.from(command, 'latin1')]);
  return buildTopflytechPacket(
    session.header ?? 0x2323,
    COMMAND,
    0,
    imeiToBcd(session.serial),
    content,
  );
}
