import { ProtocolError } from '../types';
import { DEVICE_NUMBER, COMMAND_NUMBER } from './galileosky.fields';
import { buildGalileoskyPacket } from './galileosky.frame';
import { COMMAND_TEXT, IMEI } from './galileosky.tags';
import type { GalileoskySession } from './galileosky.decoder';

/** The length of the command text is one byte. */
const MAX_TEXT = 255;

/**
 * A text command for a Galileosky unit, written as its SMS and configurator commands are
 * (`status`, `inall`, `insys`, ... per the unit's manual): the manuals'
 * command packet, 0x01, length, IMEI (0x03), device number (0x04), command number (0xE0, any
 * number the server picks), the text (0xE1, its length first), CRC. The unit answers with the
 * same tags and its reply text in 0xE1.
 */
export function encodeGalileoskyCommand(
  session: GalileoskySession,
  text: string,
  commandNumber: number,
): Uint8Array {
  const command = text.trim();
  if (!session.serial) throw new ProtocolError('Galileosky command before the unit named itself');
  if (command.length === 0 || command.length > MAX_TEXT || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `Galileosky command must be 1 to ${MAX_TEXT} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  const tags = Buffer.alloc(1 + 15 + 1 + 2 + 1 + 4 + 2 + command.length);
  let at = tags.writeUInt8(IMEI, 0);
  at += tags.write(session.serial, at, 'latin1');
  at = tags.writeUInt8(DEVICE_NUMBER, at);
  at = tags.writeUInt16LE(session.deviceNumber ?? 0, at);
  at = tags.writeUInt8(COMMAND_NUMBER, at);
  at = tags.writeUInt32LE(commandNumber >>> 0, at);
  at = tags.writeUInt8(COMMAND_TEXT, at);
  at = tags.writeUInt8(command.length, at);
  tags.write(command, at, 'latin1');
  return buildGalileoskyPacket(tags);
}
