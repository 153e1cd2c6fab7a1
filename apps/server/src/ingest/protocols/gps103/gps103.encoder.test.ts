import { describe, expect, it } from 'vitest';
import { encodeGps103Command } from './gps103.encoder';

const SESSION = { serial: '359586015829802' };
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('ascii');

/** The command sender's commands in the Coban TK103 GPRS protocol. */
describe('encodeGps103Command', () => {
  it.each([
    ['Locate now', 'B', '**,imei:359586015829802,B'],
    ['Report interval', 'C,30s', '**,imei:359586015829802,C,30s'],
    ['Set output: cut', 'J', '**,imei:359586015829802,J'],
    ['Set output: restore', 'K', '**,imei:359586015829802,K'],
  ])('%s: %s', (_title, command, expected) => {
    expect(text(encodeGps103Command(SESSION, command))).toBe(expected);
  });

  it('sends a complete command as it is', () => {
    expect(text(encodeGps103Command(SESSION, '**,imei:359586015829802,D'))).toBe(
      '**,imei:359586015829802,D',
    );
  });

  it('refuses a unit that has not logged in, and text that would end the message', () => {
    expect(() => encodeGps103Command({}, 'B')).toThrow('before the device has logged in');
    expect(() => encodeGps103Command(SESSION, 'B;C')).toThrow("cannot hold ';'");
    expect(() => encodeGps103Command(SESSION, ' ')).toThrow('1 to 256 printable ASCII characters');
  });
});
