/**
 * The Meitrack GPRS protocol's checksum: the sum of every byte from `$$` (or `@@`) up to and
 * including `*`, modulo 256, written as two uppercase hex digits.
 */
export function meitrackChecksum(bytes: Uint8Array): string {
  let sum = 0;
  for (const byte of bytes) sum = (sum + byte) & 0xff;
  return sum.toString(16).toUpperCase().padStart(2, '0');
}
