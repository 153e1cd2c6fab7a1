import { describe, expect, it } from 'vitest';
import { formatPhone, isMaskedPhone, phoneDigits } from './phone.rules';

describe('formatPhone', () => {
  it('formats ten digits as (000) 000-0000', () => {
    expect(formatPhone('3365551234')).toBe('(336) 555-1234');
  });
  it('drops a leading +1', () => {
    expect(formatPhone('+13365551234')).toBe('(336) 555-1234');
    expect(formatPhone('1-336-555-1234')).toBe('(336) 555-1234');
  });
  it('keeps numbers it cannot format', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
  it('shows nothing for a missing phone', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('')).toBe('');
  });
});

describe('isMaskedPhone', () => {
  it('accepts exactly 14 masked characters', () => {
    expect(isMaskedPhone('(336) 555-1234')).toBe(true);
    expect(isMaskedPhone('(336) 555-123')).toBe(false);
    expect(isMaskedPhone('3365551234')).toBe(false);
  });
});

describe('phoneDigits', () => {
  it('keeps only digits', () => {
    expect(phoneDigits('(336) 555-1234')).toBe('3365551234');
  });
});
