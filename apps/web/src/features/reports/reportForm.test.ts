import { describe, expect, it } from 'vitest';
import { reportCreateBody, reportTrackerOptions } from './reportForm';

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

describe('the Tracker select', () => {
  it('offers the trackers whose subscription is active or pending-renewal', () => {
    const statuses = [
      'active',
      'pending',
      'pending-renewal',
      'pending-cancellation',
      'cancelled',
      'blocked',
      null,
    ] as const;
    const devices = statuses.map((status, i) => ({
      id: i + 1,
      name: `Tracker ${status ?? 'without subscription'}`,
      subscription_status: status,
    }));
    expect(reportTrackerOptions(devices)).toEqual([
      { value: '1', label: 'Tracker active' },
      { value: '3', label: 'Tracker pending-renewal' },
    ]);
  });
});
