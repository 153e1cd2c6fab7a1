/** The iStartek checksum: the sum of the bytes before it, modulo 256, as 2 upper-case hex digits. */
export function istartekChecksum(text: string): string {
  let sum = 0;
  for (const byte of Buffer.from(text, 'latin1')) sum = (sum + byte) & 0xff;
  return sum.toString(16).toUpperCase().padStart(2, '0');
}
