import { describe, expect, it } from 'vitest';
import { encodeCodec12Command } from './teltonika.codec12';

describe('encodeCodec12Command', () => {
  it('builds the "getinfo" command exactly as the Teltonika wiki Codec 12 example', () => {
    expect(Buffer.from(encodeCodec12Command('getinfo')).toString('hex').toUpperCase()).toBe(
      '000000000000000F0C010500000007676574696E666F0100004312',
    );
  });

  it('refuses an empty command', () => {
    expect(() => encodeCodec12Command('')).toThrow(/must not be empty/);
  });
});
