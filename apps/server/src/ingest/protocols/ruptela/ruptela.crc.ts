/**
 * CRC-16/KERMIT, the check of Ruptela's "FM-Tco4/FM-Eco4 protocol" packets: reflected
 * polynomial 0x1021 (0x8408), init 0x0000, no final XOR. Computed over everything between the
 * 2-byte length and the CRC itself; sent high byte first.
 */
export function crc16Kermit(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let crc = 0;
  for (let i = from; i < to; i++) {
    crc ^= bytes[i]!;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc;
}
