import { describe, expect, it } from 'vitest';
import { dueSlots, roundJobId } from './round-slots';

const at = (iso: string) => new Date(iso);

describe('dueSlots', () => {
  it('owes every slot after the last round, oldest first', () => {
    expect(dueSlots('* * * * *', at('2026-12-03T10:00:00Z'), at('2026-12-03T10:03:30Z'))).toEqual([
      at('2026-12-03T10:01:00Z'),
      at('2026-12-03T10:02:00Z'),
      at('2026-12-03T10:03:00Z'),
    ]);
  });

  it('owes nothing while the last round is the newest slot', () => {
    expect(dueSlots('*/5 * * * *', at('2026-12-03T10:05:00Z'), at('2026-12-03T10:09:59Z'))).toEqual(
      [],
    );
  });

  it('catches up an hour at most after a long silence', () => {
    const due = dueSlots('* * * * *', at('2026-12-01T00:00:00Z'), at('2026-12-03T10:00:00Z'));
    expect(due).toHaveLength(60);
    expect(due[0]).toEqual(at('2026-12-03T09:01:00Z'));
    expect(due.at(-1)).toEqual(at('2026-12-03T10:00:00Z'));
  });

  it('starts a new schedule at its newest slot only when that is under a minute old', () => {
    expect(dueSlots('7 * * * *', undefined, at('2026-12-03T10:07:20Z'))).toEqual([
      at('2026-12-03T10:07:00Z'),
    ]);
    expect(dueSlots('7 * * * *', undefined, at('2026-12-03T10:30:00Z'))).toEqual([]);
  });

  it('takes seconds as a sixth field', () => {
    expect(
      dueSlots('* * * * * *', at('2026-12-03T10:00:00Z'), at('2026-12-03T10:00:02.5Z')),
    ).toEqual([at('2026-12-03T10:00:01Z'), at('2026-12-03T10:00:02Z')]);
  });
});

describe('roundJobId', () => {
  it('is one UUID per schedule and slot, whoever computes it', () => {
    const id = roundJobId('alerts-sweep', at('2026-12-03T10:00:00Z'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(roundJobId('alerts-sweep', at('2026-12-03T10:00:00Z'))).toBe(id);
    expect(roundJobId('alerts-sweep', at('2026-12-03T10:01:00Z'))).not.toBe(id);
    expect(roundJobId('outbound-sweep', at('2026-12-03T10:00:00Z'))).not.toBe(id);
  });
});
