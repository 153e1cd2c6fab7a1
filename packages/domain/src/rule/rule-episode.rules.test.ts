import { describe, expect, it } from 'vitest';
import { advanceEpisode, replayRule, type EpisodeState } from './rule-episode.rules';
import { describeCondition } from './rule.describe';
import type { RuleCondition } from './rule.schema';
import type { RuleGate, RuleTrigger } from './rule.rules';
import { speedLimitMps, temperatureRangeC } from './rule-reading.rules';

const device = { id: 7, name: 'Truck 7' };
const rule = (conditions: RuleCondition[], throttle: number | null = null): RuleGate => ({
  is_enabled: true,
  throttle_enabled: throttle !== null,
  throttle_hours: throttle,
  conditions,
  timezone: 'UTC',
});
const fix = (
  second: number,
  reading: Partial<NonNullable<RuleTrigger['reading']>>,
): RuleTrigger => ({
  kind: 'position',
  at: second * 1000,
  device,
  lat: 41.9,
  lng: -87.6,
  address: null,
  reading: {
    speed: null,
    ignition: null,
    battery: null,
    temperature: null,
    humidity: null,
    inTrip: null,
    ...reading,
  },
});
const speeding: RuleCondition = {
  type: 'speeding',
  operator: 'and',
  data: { speed: 50, unit: 'mph', duration_seconds: 30 },
};
/** Seconds of the firings of a run of triggers. */
const firedAt = (gate: RuleGate, triggers: RuleTrigger[]) =>
  replayRule(gate, triggers).map((t) => t.at / 1000);

describe('episode conditions', () => {
  it('converts the limits to what trackers report', () => {
    expect(speedLimitMps({ speed: 50, unit: 'mph' })).toBeCloseTo(22.352, 3);
    expect(speedLimitMps({ speed: 90, unit: 'kmh' })).toBeCloseTo(25, 6);
    expect(temperatureRangeC({ unit: 'f', min: 32, max: 212 })).toEqual({ min: 0, max: 100 });
  });

  it('fires speeding once it has lasted, once per episode', () => {
    const fast = 25; // m/s, 56 mph
    const triggers = [0, 10, 20, 30, 40, 50].map((s) => fix(s, { speed: fast }));
    triggers.push(fix(60, { speed: 10 }), fix(70, { speed: fast }), fix(100, { speed: fast }));
    // Above 50 mph from 0: 30 s at 30; ends at 60; again from 70, 30 s at 100.
    expect(firedAt(rule([speeding]), triggers)).toEqual([30, 100]);
  });

  it('keeps an episode through a fix without a speed', () => {
    const triggers = [fix(0, { speed: 30 }), fix(30, { speed: null }), fix(40, { speed: 30 })];
    expect(firedAt(rule([speeding]), triggers)).toEqual([30]);
  });

  it('does not fire a trip change it did not see begin', () => {
    const ended: RuleCondition = { type: 'trip', operator: 'and', data: { when: 'ended' } };
    const triggers = [false, false, true, true, false, false, true, false].map((inTrip, s) =>
      fix(s, { inTrip }),
    );
    // Parked at first (no change seen), trip ends at 4 and 7.
    expect(firedAt(rule([ended]), triggers)).toEqual([4, 7]);
  });

  it('lets the throttle swallow an episode without firing it later', () => {
    const battery: RuleCondition = { type: 'battery', operator: 'and', data: { below: 20 } };
    const levels = [15, 50, 10, 10];
    const triggers = levels.map((level, i) => fix(i * 600, { battery: level }));
    // Two episodes 20 minutes apart, the throttle one hour: only the first fires.
    expect(firedAt(rule([battery], 1), triggers)).toEqual([0]);
  });

  it('answers unchanged when nothing changed, so nothing is written', () => {
    const gate = rule([speeding]);
    const first = advanceEpisode(gate, fix(0, { speed: 10 }), undefined, null);
    expect(first.changed).toBe(true);
    const second = advanceEpisode(gate, fix(10, { speed: 11 }), first.state, null);
    expect(second).toEqual({ fires: false, state: first.state, changed: false });
  });

  it('begins afresh with a state of other conditions', () => {
    const stale: EpisodeState = { since: [0, null], active: true };
    const step = advanceEpisode(rule([speeding]), fix(40, { speed: 30 }), stale, null);
    expect(step.state).toEqual({ since: [40_000], active: false });
  });

  it('says each condition in words', () => {
    expect(describeCondition(speeding)).toBe('Speed above 50 mph for at least 30 seconds');
    expect(
      describeCondition({
        type: 'speeding',
        operator: 'and',
        data: { speed: 90, unit: 'kmh', duration_seconds: 90 },
      }),
    ).toBe('Speed above 90 km/h for at least 1 minute 30 seconds');
    expect(describeCondition({ type: 'idling', operator: 'and', data: { minutes: 10 } })).toBe(
      'Idling for longer than 10 minutes',
    );
    expect(describeCondition({ type: 'trip', operator: 'and', data: { when: 'ended' } })).toBe(
      'Trip ended',
    );
    expect(describeCondition({ type: 'no_report', operator: 'and', data: { hours: 1 } })).toBe(
      'No report for 1 hour',
    );
    expect(
      describeCondition({
        type: 'temperature',
        operator: 'and',
        data: { unit: 'f', min: 35, max: 46 },
      }),
    ).toBe('Temperature outside 35 °F to 46 °F');
    expect(
      describeCondition({ type: 'humidity', operator: 'and', data: { min: 30, max: 70 } }),
    ).toBe('Humidity outside 30 % to 70 %');
    expect(describeCondition({ type: 'battery', operator: 'and', data: { below: 20 } })).toBe(
      'Battery below 20 %',
    );
  });
});
