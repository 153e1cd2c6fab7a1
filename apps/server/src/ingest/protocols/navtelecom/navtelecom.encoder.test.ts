import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../types';
import { navtelecomProtocol } from './navtelecom.decoder';
import { encodeNavtelecomCommand } from './navtelecom.encoder';
import { WIKI } from './navtelecom.fixtures';

/** A connection of the wiki's unit (to 1, from 0) after its *>S. */
function unit() {
  const session = navtelecomProtocol.createSession();
  navtelecomProtocol.decode(session, Buffer.from(WIKI.identification, 'hex'), new Date());
  return session;
}
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('Navtelecom command encoder', () => {
  it('frames a query as written, from the server’s id to the unit’s', () => {
    // "*?V" = 2a 3f 56: XOR 43; header to 0 from 1, length 3: XOR of its 15 bytes 58 (Python).
    expect(hex(encodeNavtelecomCommand(unit(), '*?V'))).toBe(
      '404e5443' + '00000000' + '01000000' + '0300' + '43' + '58' + '2a3f56',
    );
  });

  it('gives a bare command its *!', () => {
    const frame = Buffer.from(encodeNavtelecomCommand(unit(), ' CNCT_DRC '));
    expect(frame.subarray(16).toString('latin1')).toBe('*!CNCT_DRC');
    expect(frame.readUInt16LE(12)).toBe(10);
  });

  it('refuses a command before the unit named itself, and text that is not printable ASCII', () => {
    expect(() => encodeNavtelecomCommand(navtelecomProtocol.createSession(), '*?V')).toThrow(
      /before the unit identified itself/,
    );
    expect(() => encodeNavtelecomCommand(unit(), 'сброс')).toThrow(ProtocolError);
    expect(() => encodeNavtelecomCommand(unit(), '   ')).toThrow(/1 to 250 printable ASCII/);
  });
});
