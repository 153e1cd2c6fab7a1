import { describe, expect, it } from 'vitest';
import { maskToken } from './maskToken';

describe('maskToken', () => {
  it('hides all but the last four characters, keeping the length', () => {
    expect(maskToken('abcdef123456')).toBe('••••••••3456');
    expect(maskToken('abc')).toBe('•••');
    expect(maskToken('')).toBe('');
  });
});
