import { describe, expect, it } from 'vitest';
import { formatShipmentTime, timeAgo } from './format';

describe('shipment times', () => {
  it("read as spec 001 §9's 'MMMM do h:mmaaa', in the browser's time", () => {
    expect(formatShipmentTime(new Date(2025, 2, 5, 15, 4).toISOString())).toBe('March 5th 3:04pm');
    expect(formatShipmentTime(new Date(2025, 10, 22, 9, 30).toISOString())).toBe(
      'November 22nd 9:30am',
    );
    expect(formatShipmentTime(null)).toBe('—');
  });

  it('say how long ago an event was', () => {
    const now = new Date('2025-03-05T15:00:00Z');
    expect(timeAgo('2025-03-05T14:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2025-03-03T15:00:00Z', now)).toBe('2 days ago');
  });
});
