import { describe, expect, it } from 'vitest';
import { reportCreateBody } from './reportForm';

describe('the report create payload', () => {
  const now = new Date('2026-11-29T04:40:00.000Z');

  it('sends the tracker and the range as UTC ISO strings', () => {
    const range = {
      start: new Date('2026-11-28T00:00:00.000Z'),
      end: new Date('2026-11-28T23:59:59.999Z'),
    };
    expect(reportCreateBody(7, range, now)).toEqual({
      device_id: 7,
      start_at: '2026-11-28T00:00:00.000Z',
      end_at: '2026-11-28T23:59:59.999Z',
    });
  });

  it('never asks for the future', () => {
    const range = {
      start: new Date('2026-11-29T00:00:00.000Z'),
      end: new Date('2026-11-29T23:59:59.999Z'),
    };
    expect(reportCreateBody(7, range, now).end_at).toBe(now.toISOString());
    const ahead = {
      start: new Date('2026-11-30T00:00:00Z'),
      end: new Date('2026-11-30T01:00:00Z'),
    };
    const body = reportCreateBody(7, ahead, now);
    expect([body.start_at, body.end_at]).toEqual([now.toISOString(), now.toISOString()]);
  });
});
