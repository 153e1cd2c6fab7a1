import { describe, expect, it } from 'vitest';
import { describeHistoryRetention, historyRetentionOf } from './history-retention.rules';

const settings = (values: Record<string, string>) =>
  Object.entries(values).map(([code, value]) => ({ code, value }));

describe('historyRetentionOf', () => {
  it('keeps everything forever when the account set nothing', () => {
    expect(historyRetentionOf(settings({ dashboards: '1' }))).toEqual({
      raw_days: null,
      thin_minutes: null,
      keep_days: null,
    });
  });

  it('reads the thinning and the removal', () => {
    const policy = historyRetentionOf(
      settings({ history_raw_days: '90', history_thin_minutes: '5', history_keep_days: '400' }),
    );
    expect(policy).toEqual({ raw_days: 90, thin_minutes: 5, keep_days: 400 });
  });

  it('counts a value that makes no sense as not set, keeping more', () => {
    // Thinning needs both halves.
    expect(historyRetentionOf(settings({ history_raw_days: '90' }))).toMatchObject({
      raw_days: null,
      thin_minutes: null,
    });
    expect(
      historyRetentionOf(settings({ history_raw_days: '90', history_thin_minutes: 'five' })),
    ).toMatchObject({ raw_days: null, thin_minutes: null });
    expect(historyRetentionOf(settings({ history_keep_days: '0' })).keep_days).toBeNull();
    expect(historyRetentionOf(settings({ history_keep_days: '-3' })).keep_days).toBeNull();
    expect(
      historyRetentionOf(settings({ history_raw_days: '1', history_thin_minutes: '5000' })),
    ).toMatchObject({ raw_days: null, thin_minutes: null });
    // 7-minute slots would not start at midnight.
    expect(
      historyRetentionOf(settings({ history_raw_days: '1', history_thin_minutes: '7' })),
    ).toMatchObject({ raw_days: null, thin_minutes: null });
    // Removed before the thinning would begin: no removal.
    expect(
      historyRetentionOf(
        settings({ history_raw_days: '90', history_thin_minutes: '5', history_keep_days: '30' }),
      ),
    ).toEqual({ raw_days: 90, thin_minutes: 5, keep_days: null });
  });
});

describe('describeHistoryRetention', () => {
  it('words each kind of policy', () => {
    const none = { raw_days: null, thin_minutes: null, keep_days: null };
    expect(describeHistoryRetention(none)).toBe('Raw positions kept: forever');
    expect(describeHistoryRetention({ ...none, raw_days: 90, thin_minutes: 5 })).toBe(
      'Raw positions kept: 90 days, then one per 5 minutes',
    );
    expect(describeHistoryRetention({ raw_days: 1, thin_minutes: 1, keep_days: 365 })).toBe(
      'Raw positions kept: 1 day, then one per minute; removed after 365 days',
    );
    expect(describeHistoryRetention({ ...none, keep_days: 30 })).toBe(
      'Raw positions kept: 30 days, then removed',
    );
  });
});
