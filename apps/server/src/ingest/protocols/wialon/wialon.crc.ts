// Wialon IPS 2.0 names its checksum CRC16 (Appendix "Checksum"): the same CRC-16/ARC Teltonika
// uses, so the one implementation is shared.
import { crc16Ibm } from '../teltonika/teltonika.crc';

/** The checksum of `text` as Wialon IPS 2.0 writes it: 4 hex digits. */
export function wialonCrc(text: string): string {
  return crc16Ibm(Buffer.from(text, 'utf8')).toString(16).toUpperCase().padStart(4, '0');
}

/** A CRC field as units write it: `F24A`, and one firmware's `0x9b0`. */
export const CRC_FIELD = /^(?:0x)?[0-9a-f]{1,4}$/i;

/** Whether the CRC field matches the checksum of `covered` (the text from after `#PT#` to the field). */
export function crcMatches(covered: string, field: string): boolean {
  return parseInt(field.replace(/^0x/i, ''), 16) === crc16Ibm(Buffer.from(covered, 'utf8'));
}
