import { describe, expect, it } from 'vitest';
import { encodeGt06Command } from './gt06.encoder';

describe('encodeGt06Command', () => {
  it('builds the online command of the Concox V3.1 document §8.1 ("sos#", serial 1)', () => {
    const frame = encodeGt06Command({ serial: '752533678900242' }, 1, 'sos#');
    expect(Buffer.from(frame).toString('hex').toUpperCase()).toBe(
      '78780E800800000000736F732300016D6A0D0A',
    );
  });

  it('refuses to address a device that has not logged in', () => {
    expect(() => encodeGt06Command({}, 1, 'sos#')).toThrow(/before the device has logged in/);
  });

  it('refuses empty or oversized command text', () => {
    expect(() => encodeGt06Command({ serial: '1' }, 1, '')).toThrow(/1 to 251 ASCII bytes/);
    expect(() => encodeGt06Command({ serial: '1' }, 1, 'x'.repeat(252))).toThrow(
      /1 to 251 ASCII bytes/,
    );
  });
});
