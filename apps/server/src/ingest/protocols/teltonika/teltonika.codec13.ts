import { isRealTime } from '../plausibility';
import { ProtocolError } from '../types';
import { responseText } from './teltonika.codec12';

/** Codec 13 (Teltonika wiki, "Codec 13"): one-way messages from the device, with a timestamp. */
export const CODEC_13 = 0x0d;

/**
 * Data field: codec 0x0D, quantity 1, type (0x06 in the wiki, 0x05 in older captures), command
 * size (4), timestamp, payload, quantity 2. The wiki counts the 4-byte timestamp (seconds) in the
 * size; captures also show the size without it, and an 8-byte timestamp in milliseconds. The
 * payload is what lies between timestamp and quantity 2, whichever way the size was counted;
 * the listener treats it like a Codec 12 answer (device messages need no acknowledgement).
 */
export function decodeCodec13(data: Buffer): string {
  if (data.length < 8 + 4) {
    throw new ProtocolError(
      `Teltonika Codec 13 data field of ${data.length} bytes holds no timestamp`,
    );
  }
  const body = data.subarray(7, data.length - 1);
  // Seconds since 1970 followed by text never read as a real date in milliseconds.
  const millis = body.length >= 8 ? Number(body.readBigUInt64BE(0)) : Number.NaN;
  return responseText(body.subarray(isRealTime(millis) ? 8 : 4));
}
