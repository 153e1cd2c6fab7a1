import type { ByteReader } from '../bytes';

export const COMMAND_REPLY_EXTENDED = 0x21;
export const COMMAND_REPLY_SHORT = 0x15;

/** §8.2.1 (0x21: flag, encoding, text) and §8.2.2 (0x15: length, flag, ASCII text, language). */
export function decodeCommandReply(protocol: number, r: ByteReader): string {
  if (protocol === COMMAND_REPLY_EXTENDED) {
    r.u32(); // server flag we sent
    const encoding = r.u8();
    const text = r.bytes(r.remaining);
    return encoding === 0x02 ? utf16be(text) : text.toString('latin1');
  }
  const length = r.u8();
  r.u32(); // server flag
  return r.bytes(Math.max(0, length - 4)).toString('latin1');
}

function utf16be(bytes: Buffer): string {
  const swapped = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return swapped.swap16().toString('utf16le');
}
