import { describe, expect, it } from 'vitest';
import { crc16Modbus } from './galileosky.crc';
import { encodeGalileoskyCommand } from './galileosky.encoder';

const SESSION = { serial: '868204001549087', deviceNumber: 50 };
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** The manuals' command packet: 0x01, length, 0x03 IMEI, 0x04 device number, 0xE0 number, 0xE1 text, CRC. */
describe('encodeGalileoskyCommand', () => {
  it('frames the text with the unit IMEI, its device number and the command number', () => {
    const packet = encodeGalileoskyCommand(SESSION, 'status', 7);
    expect(hex(packet)).toBe(
      '01' +
        '2000' + // 32 tag bytes: 1 + 15, 1 + 2, 1 + 4, 1 + 1 + 6
        '03' +
        Buffer.from('868204001549087').toString('hex') +
        '04' +
        '3200' + // device number 50
        'e0' +
        '07000000' +
        'e1' +
        '06' +
        Buffer.from('status').toString('hex') +
        '9a81', // CRC-16/MODBUS 0x819a of the 35 bytes before it, worked out apart (Python)
    );
  });

  it('computes the CRC-16/MODBUS the units check (the check value of "123456789" is 0x4B37)', () => {
    expect(crc16Modbus(Buffer.from('123456789'))).toBe(0x4b37);
  });

  it('refuses a unit that has not named itself, and text that is not one printable ASCII line', () => {
    expect(() => encodeGalileoskyCommand({}, 'status', 1)).toThrow(
      'Galileosky command before the unit named itself',
    );
    expect(() => encodeGalileoskyCommand(SESSION, 'Out 0,1\nreset', 1)).toThrow(
      'Galileosky command must be 1 to 255 printable ASCII characters, got "Out 0,1\\nreset"',
    );
    expect(() => encodeGalileoskyCommand(SESSION, '   ', 1)).toThrow('must be 1 to 255');
  });
});
