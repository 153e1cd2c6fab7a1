/**
 * CRC-ITU as the Concox protocol names it (Concox GT06/JM-VL02 protocol V3.1, Appendix 1): the
 * CRC-16/X-25 variant, reflected polynomial 0x1021 (0x8408), init 0xFFFF, final XOR 0xFFFF.
 * Computed over "Packet Length" through "Information Serial Number".
 */
const TABLE = buildTable();

function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    table[n] = c;
  }
  return table;
}

export function crcItu(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) crc = (crc >>> 8) ^ (TABLE[(crc ^ byte) & 0xff] ?? 0);
  return ~crc & 0xffff;
}
