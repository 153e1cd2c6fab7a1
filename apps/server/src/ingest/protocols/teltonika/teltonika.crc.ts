/**
 * CRC-16/IBM as the Teltonika data sending protocols name it ("Codec" wiki page, CRC-16 section):
 * reflected polynomial 0x8005 (0xA001), init 0x0000, no final XOR (a.k.a. CRC-16/ARC).
 * Computed from the codec ID to the second "number of data" byte.
 */
export function crc16Ibm(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}
