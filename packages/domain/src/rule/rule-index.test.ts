import { describe, expect, it } from 'vitest';
import { RuleIndex } from './rule-index';
import { ruleFires, type RuleGate, type RuleTrigger } from './rule.rules';
import type { RuleCondition } from './rule.schema';

type Rule = RuleGate & { id: number };

const CONDITIONS: Omit<RuleCondition, 'operator'>[] = [
  { type: 'tracker_list', data: { values: [1, 2] } },
  { type: 'tracker_list', data: { values: [2, 3] } },
  { type: 'tracker_name', data: { value: 'van' } },
  { type: 'message_content', data: { value: 'position' } },
  { type: 'message_content', data: { value: 'alarms.disassemble' } },
  { type: 'geofence', data: { triggers: ['enter'], address: 5 } },
  { type: 'geofence', data: { triggers: ['enter', 'exit'], address: 6 } },
  { type: 'event_type', data: { types: ['low-battery', 'tamper-alert'] } },
  { type: 'event_time', data: { time_from: '08:00', time_to: '18:00' } },
  { type: 'event_time', data: { time_from: '22:00', time_to: '06:00' } },
] as Omit<RuleCondition, 'operator'>[];

/** A small deterministic generator, so a failure names the same rules every run. */
function* numbers(seed: number) {
  let x = seed;
  for (;;) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    yield x;
  }
}

function rules(count: number): Rule[] {
  const next = numbers(42);
  const pick = (n: number) => next.next().value! % n;
  return Array.from({ length: count }, (_, id) => ({
    id,
    is_enabled: pick(10) > 0,
    throttle_enabled: false,
    throttle_hours: null,
    timezone: pick(2) ? 'America/New_York' : 'UTC',
    conditions: Array.from({ length: pick(3) + 1 }, (_, i) => ({
      ...CONDITIONS[pick(CONDITIONS.length)]!,
      operator: i > 0 && pick(3) === 0 ? 'or' : 'and',
    })) as RuleCondition[],
  }));
}

function triggers(): RuleTrigger[] {
  const out: RuleTrigger[] = [];
  const names = ['Van 1', 'Truck 2', 'van 3', 'Trailer 4'];
  for (const [i, name] of names.entries()) {
    for (const hour of [3, 12, 23]) {
      const base = {
        at: Date.UTC(2026, 2, 2, hour, 30),
        device: { id: i + 1, name },
        lat: 1,
        lng: 2,
        address: null,
      };
      out.push({ ...base, kind: 'position' });
      for (const [type, geofenceId] of [
        ['geofence-enter', 5],
        ['geofence-exit', 6],
        ['geofence-enter', 7],
        ['low-battery', null],
        ['tamper-alert', null],
      ] as const) {
        out.push({ ...base, kind: 'event', event: { type, description: type, geofenceId } });
      }
    }
  }
  return out;
}

const firing = (list: readonly Rule[], t: RuleTrigger) =>
  list
    .filter((r) => ruleFires(r, t, null))
    .map((r) => r.id)
    .sort((a, b) => a - b);

describe('RuleIndex', () => {
  const all = rules(600);
  const index = new RuleIndex(all);

  it('offers every rule that fires for a trigger, so the index changes no outcome', () => {
    for (const t of triggers()) expect(firing(index.candidates(t), t)).toEqual(firing(all, t));
  });

  it('offers each rule once, and a position none of the rules that need an event', () => {
    const position = triggers().find((t) => t.kind === 'position' && t.device.id === 2)!;
    const offered = index.candidates(position);
    expect(new Set(offered).size).toBe(offered.length);
    const eventOnly = (r: Rule) =>
      r.conditions.every(
        (c) =>
          c.type === 'geofence' ||
          c.type === 'event_type' ||
          (c.type === 'message_content' && c.data.value !== 'position'),
      );
    expect(offered.some(eventOnly)).toBe(false);
    expect(offered.some((r) => !r.is_enabled)).toBe(false);
  });

  it('offers a rule of listed trackers only to those trackers', () => {
    const listed: Rule = {
      id: 1,
      is_enabled: true,
      throttle_enabled: false,
      throttle_hours: null,
      timezone: 'UTC',
      conditions: [{ type: 'tracker_list', operator: 'and', data: { values: [9] } }],
    };
    const small = new RuleIndex([listed]);
    const at = Date.UTC(2026, 0, 1);
    const trigger = (id: number): RuleTrigger => ({
      kind: 'position',
      at,
      device: { id, name: `T${id}` },
      lat: 0,
      lng: 0,
      address: null,
    });
    expect(small.candidates(trigger(9))).toEqual([listed]);
    expect(small.candidates(trigger(8))).toEqual([]);
  });

  it('offers a rule of a tracker name only to trackers so named, and follows a rename', () => {
    const named: Rule = {
      id: 2,
      is_enabled: true,
      throttle_enabled: false,
      throttle_hours: null,
      timezone: 'UTC',
      conditions: [{ type: 'tracker_name', operator: 'and', data: { value: 'Trailer 1' } }],
    };
    const small = new RuleIndex([named]);
    const position = (name: string): RuleTrigger => ({
      kind: 'position',
      at: Date.UTC(2026, 0, 1),
      device: { id: 4, name },
      lat: 0,
      lng: 0,
      address: null,
    });
    expect(small.candidates(position('trailer 12'))).toEqual([named]);
    expect(small.candidates(position('Truck 12'))).toEqual([]);
    expect(small.candidates(position('TRAILER 1'))).toEqual([named]);
  });
});
