import { describe, expect, it } from 'vitest';
import { encodeJt600Command } from './jt600.encoder';

// Commands go out as the units take them over GPRS: the text in parentheses.
describe('JT600 command encoder', () => {
  const unit = { serial: '8041300978' };
  const text = (command: string) => Buffer.from(encodeJt600Command(unit, command)).toString();

  it('puts the command in parentheses, and sends one already in them as written', () => {
    expect(text('S07,0')).toBe('(S07,0)');
    expect(text(' S17 ')).toBe('(S17)');
    expect(text('(S09,1,120)')).toBe('(S09,1,120)');
  });

  it('refuses a command before the unit has reported, and one that would break the frame', () => {
    expect(() => encodeJt600Command({}, 'S17')).toThrow(
      'JT600 command cannot be sent before the unit has reported',
    );
    expect(() => text('S07,0)(S17')).toThrow(
      'JT600 command must be 1 to 200 printable ASCII characters without parentheses inside, got "S07,0)(S17"',
    );
    expect(() => text('')).toThrow('JT600 command must be 1 to 200');
  });
});
