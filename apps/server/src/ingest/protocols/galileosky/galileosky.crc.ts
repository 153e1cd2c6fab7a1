/**
 * CRC-16/MODBUS, the checksum of every Galileosky packet: reflected polynomial 0x8005
 * (0xA001), init 0xFFFF, no final XOR. Computed over the whole packet from the header byte to
 * the last tag; sent little-endian, and echoed by the server in its confirmation.
 */
export function crc16Modbus(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let crc = 0xffff;
  for (let i = from; i < to; i++) {
    crc ^= bytes[i]!;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}
