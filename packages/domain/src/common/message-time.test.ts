import { describe, expect, it } from 'vitest';
import { formatMessageTime } from './message-time';

describe('formatMessageTime', () => {
  it('writes the time on the recipient’s clock and names the zone', () => {
    expect(formatMessageTime('2026-12-01T21:04:00Z', 'America/Chicago')).toBe(
      'Dec 1, 2026, 3:04 PM CST',
    );
    expect(formatMessageTime(Date.parse('2026-07-01T21:04:00Z'), 'America/Chicago')).toBe(
      'Jul 1, 2026, 4:04 PM CDT',
    );
  });

  it('falls back to UTC, named, without a zone or with an unknown one', () => {
    expect(formatMessageTime('2026-12-01T21:04:00Z', null)).toBe('Dec 1, 2026, 9:04 PM UTC');
    expect(formatMessageTime('2026-12-01T21:04:00Z', 'Mars/Olympus')).toBe(
      'Dec 1, 2026, 9:04 PM UTC',
    );
  });
});
