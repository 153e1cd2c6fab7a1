import { describe, expect, it } from 'vitest';
import {
  conditionHolds,
  conditionsHold,
  fillPlaceholders,
  formatRuleTime,
  mapLink,
  minuteOfDay,
  placeholderValues,
  ruleFires,
  throttleAllows,
  webhookBody,
  withinTimeWindow,
  type RuleGate,
  type RuleTrigger,
} from './rule.rules';
import { replayRule } from './rule-episode.rules';
import { ruleSaveSchema, type RuleCondition } from './rule.schema';
import { describeAction, describeCondition, describeItems } from './rule.describe';

const HOUR = 3_600_000;
const at = Date.parse('2026-03-02T15:30:00Z'); // 10:30 in New York (EST), 15:30 UTC

const position = (overrides: Partial<RuleTrigger> = {}): RuleTrigger => ({
  kind: 'position',
  at,
  device: { id: 7, name: 'Van 7' },
  lat: 41.88,
  lng: -87.63,
  address: 'Chicago, IL, US',
  ...overrides,
});
const event = (type: string, geofenceId: number | null = null, t = at): RuleTrigger => ({
  ...position({ at: t }),
  kind: 'event',
  event: { type, description: `Van 7 ${type}`, geofenceId },
});

const cond = (c: Omit<RuleCondition, 'operator'> & { operator?: 'and' | 'or' }) =>
  ({ operator: 'and', ...c }) as RuleCondition;
const inFleet = (ids: number[], operator: 'and' | 'or' = 'and') =>
  cond({ type: 'tracker_list', operator, data: { values: ids } });
const enters = (geofence: number, operator: 'and' | 'or' = 'and') =>
  cond({ type: 'geofence', operator, data: { triggers: ['enter'], address: geofence } });

describe('conditionHolds', () => {
  it('tracker_list holds for the listed trackers only', () => {
    expect(conditionHolds(inFleet([1, 7]), position(), 'UTC')).toBe(true);
    expect(conditionHolds(inFleet([1, 2]), position(), 'UTC')).toBe(false);
  });

  it('tracker_name holds when the name contains the text, in any case', () => {
    const named = (value: string) => cond({ type: 'tracker_name', data: { value } });
    expect(conditionHolds(named('van'), position(), 'UTC')).toBe(true);
    expect(conditionHolds(named('Truck'), position(), 'UTC')).toBe(false);
  });

  it('message_content tells positions from tamper alarms', () => {
    const content = (value: 'position' | 'alarms.disassemble') =>
      cond({ type: 'message_content', data: { value } });
    expect(conditionHolds(content('position'), position(), 'UTC')).toBe(true);
    expect(conditionHolds(content('position'), event('tamper-alert'), 'UTC')).toBe(false);
    expect(conditionHolds(content('alarms.disassemble'), event('tamper-alert'), 'UTC')).toBe(true);
    expect(conditionHolds(content('alarms.disassemble'), event('low-battery'), 'UTC')).toBe(false);
    expect(conditionHolds(content('alarms.disassemble'), position(), 'UTC')).toBe(false);
  });

  it('geofence holds for the chosen crossings of that geofence', () => {
    const both = cond({ type: 'geofence', data: { triggers: ['enter', 'exit'], address: 3 } });
    expect(conditionHolds(enters(3), event('geofence-enter', 3), 'UTC')).toBe(true);
    expect(conditionHolds(enters(3), event('geofence-exit', 3), 'UTC')).toBe(false);
    expect(conditionHolds(enters(3), event('geofence-enter', 4), 'UTC')).toBe(false);
    expect(conditionHolds(enters(3), position(), 'UTC')).toBe(false);
    expect(conditionHolds(both, event('geofence-exit', 3), 'UTC')).toBe(true);
  });

  it('event_type holds for events of the chosen types', () => {
    const types = cond({ type: 'event_type', data: { types: ['low-battery', 'shipment-late'] } });
    expect(conditionHolds(types, event('low-battery'), 'UTC')).toBe(true);
    expect(conditionHolds(types, event('geofence-enter', 1), 'UTC')).toBe(false);
    expect(conditionHolds(types, position(), 'UTC')).toBe(false);
  });

  it("event_time reads the trigger's time of day in the rule's zone", () => {
    const window = cond({ type: 'event_time', data: { time_from: '09:00', time_to: '11:00' } });
    expect(conditionHolds(window, position(), 'America/New_York')).toBe(true);
    expect(conditionHolds(window, position(), 'UTC')).toBe(false);
    expect(conditionHolds(window, position(), 'Europe/Berlin')).toBe(false);
  });
});

describe('time windows', () => {
  it('reads the wall clock of the zone, summer time included', () => {
    expect(minuteOfDay(at, 'UTC')).toBe(15 * 60 + 30);
    expect(minuteOfDay(at, 'America/New_York')).toBe(10 * 60 + 30);
    expect(minuteOfDay(Date.parse('2026-07-02T15:30:00Z'), 'America/New_York')).toBe(11 * 60 + 30);
    expect(minuteOfDay(at, 'Asia/Kolkata')).toBe(21 * 60);
    expect(minuteOfDay(at, 'Not/AZone')).toBe(15 * 60 + 30);
  });

  it('includes both ends', () => {
    expect(withinTimeWindow(9 * 60, '09:00', '17:00')).toBe(true);
    expect(withinTimeWindow(17 * 60, '09:00', '17:00')).toBe(true);
    expect(withinTimeWindow(17 * 60 + 1, '09:00', '17:00')).toBe(false);
    expect(withinTimeWindow(8 * 60 + 59, '09:00', '17:00')).toBe(false);
  });

  it('runs over midnight when the end is before the start', () => {
    expect(withinTimeWindow(23 * 60, '22:00', '06:00')).toBe(true);
    expect(withinTimeWindow(5 * 60, '22:00', '06:00')).toBe(true);
    expect(withinTimeWindow(12 * 60, '22:00', '06:00')).toBe(false);
  });
});

describe('conditionsHold (and/or)', () => {
  it('needs every condition joined by and', () => {
    expect(conditionsHold([enters(3), inFleet([7])], event('geofence-enter', 3), 'UTC')).toBe(true);
    expect(conditionsHold([enters(3), inFleet([8])], event('geofence-enter', 3), 'UTC')).toBe(
      false,
    );
  });

  it('needs one side of an or', () => {
    const rule = [inFleet([8]), enters(3, 'or')];
    expect(conditionsHold(rule, event('geofence-enter', 3), 'UTC')).toBe(true);
    expect(conditionsHold(rule, position(), 'UTC')).toBe(false);
  });

  it('binds and tighter than or: A and B or C is (A and B) or C', () => {
    // A false, B true, C true: (A and B) or C holds; A and (B or C) would not.
    const rule = [inFleet([8]), enters(3), inFleet([7], 'or')];
    expect(conditionsHold(rule, event('geofence-enter', 3), 'UTC')).toBe(true);
    // A true, B false, C false: neither group holds.
    const other = [inFleet([7]), enters(4), inFleet([9], 'or')];
    expect(conditionsHold(other, event('geofence-enter', 3), 'UTC')).toBe(false);
  });

  it('never holds without conditions', () => {
    expect(conditionsHold([], position(), 'UTC')).toBe(false);
  });
});

describe('throttle', () => {
  const throttled = { throttle_enabled: true, throttle_hours: 2 };

  it('lets a rule fire again only after the hours have passed', () => {
    expect(throttleAllows(throttled, null, at)).toBe(true);
    expect(throttleAllows(throttled, at - HOUR, at)).toBe(false);
    expect(throttleAllows(throttled, at - 2 * HOUR, at)).toBe(true);
  });

  it('lets everything through when off', () => {
    expect(throttleAllows({ throttle_enabled: false, throttle_hours: 2 }, at - 1, at)).toBe(true);
    expect(throttleAllows({ throttle_enabled: true, throttle_hours: null }, at - 1, at)).toBe(true);
  });
});

describe('ruleFires and replayRule', () => {
  const rule: RuleGate = {
    is_enabled: 1,
    throttle_enabled: true,
    throttle_hours: 1,
    conditions: [enters(3)],
    timezone: 'UTC',
  };

  it('fires only while enabled', () => {
    expect(ruleFires(rule, event('geofence-enter', 3), null)).toBe(true);
    expect(ruleFires({ ...rule, is_enabled: 0 }, event('geofence-enter', 3), null)).toBe(false);
  });

  it('replays history with the throttle between firings, disabled or not', () => {
    const history = [
      event('geofence-enter', 3, at),
      position({ at: at + 10 * 60_000 }),
      event('geofence-enter', 3, at + 30 * 60_000),
      event('geofence-enter', 3, at + 70 * 60_000),
      event('geofence-exit', 3, at + 80 * 60_000),
    ];
    const fired = replayRule({ ...rule, is_enabled: 0 }, history).map((t) => t.at);
    expect(fired).toEqual([at, at + 70 * 60_000]);
  });
});

describe('placeholders', () => {
  it("fills name, time in the action's zone, map and address", () => {
    const values = placeholderValues(position(), 'America/New_York');
    expect(values).toEqual({
      name: 'Van 7',
      time: 'Mar 2, 2026, 10:30 AM EST',
      map: mapLink(41.88, -87.63),
      address: 'Chicago, IL, US',
    });
    expect(
      fillPlaceholders('{{name}} at {{ address }} ({{time}}): {{map}} {{unknown}}', values),
    ).toBe(
      `Van 7 at Chicago, IL, US (Mar 2, 2026, 10:30 AM EST): ${mapLink(41.88, -87.63)} {{unknown}}`,
    );
  });

  it('links to the position on a map', () => {
    expect(mapLink(41.88, -87.63)).toBe(
      'https://www.openstreetmap.org/?mlat=41.880000&mlon=-87.630000#map=16/41.880000/-87.630000',
    );
  });

  it('reads coordinates when there is no address, and says when there is neither', () => {
    expect(placeholderValues(position({ address: null }), 'UTC').address).toBe(
      '41.88000, -87.63000',
    );
    const nowhere = placeholderValues(position({ address: null, lat: null, lng: null }), 'UTC');
    expect(nowhere.address).toBe('Unknown address');
    expect(nowhere.map).toBe('');
  });

  it('formats UTC for an unknown zone', () => {
    expect(formatRuleTime(at, 'Nowhere/Else')).toBe('Mar 2, 2026, 3:30 PM UTC');
  });
});

describe('webhookBody', () => {
  it('carries the rule, the tracker, the time, the place and the event', () => {
    expect(webhookBody({ id: 5, name: 'Depot' }, event('geofence-enter', 3))).toEqual({
      rule: { id: 5, name: 'Depot' },
      trigger: 'event',
      time: '2026-03-02T15:30:00.000Z',
      device: { id: 7, name: 'Van 7' },
      location: { lat: 41.88, lng: -87.63 },
      address: 'Chicago, IL, US',
      map: mapLink(41.88, -87.63),
      event: { type: 'geofence-enter', description: 'Van 7 geofence-enter', geofence_id: 3 },
    });
  });
});

describe('ruleSaveSchema', () => {
  const items = {
    conditions: [{ type: 'tracker_name', data: { value: 'Van' } }],
    actions: [{ type: 'send_webhook', data: { url: 'https://example.test/hook' } }],
  };

  it("names an unnamed rule 'Untitled rule' and sends empty throttle hours as null", () => {
    const rule = ruleSaveSchema.parse({ ...items, name: '', throttle_hours: '' });
    expect(rule).toMatchObject({
      name: 'Untitled rule',
      is_enabled: true,
      throttle_enabled: false,
      throttle_hours: null,
    });
  });

  it('wants at least one condition and one action (issue 35.8)', () => {
    const fresh = ruleSaveSchema.safeParse({ name: '', conditions: [], actions: [] });
    expect(fresh.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['conditions', 'Add at least one condition'],
      ['actions', 'Add at least one action'],
    ]);
    const noGeofence = ruleSaveSchema.safeParse({
      ...items,
      conditions: [{ type: 'geofence', data: { triggers: ['enter'] } }],
    });
    expect(noGeofence.error?.issues.map((i) => i.message)).toEqual(['Choose a geofence']);
    const absent = ruleSaveSchema.safeParse({});
    expect(absent.error?.issues.map((i) => i.message)).toEqual([
      'Add at least one condition',
      'Add at least one action',
    ]);
  });

  it('reads throttle hours typed as text, and wants them when the throttle is on', () => {
    expect(
      ruleSaveSchema.parse({ ...items, throttle_enabled: 1, throttle_hours: '2.5' }).throttle_hours,
    ).toBe(2.5);
    const missing = ruleSaveSchema.safeParse({
      ...items,
      throttle_enabled: true,
      throttle_hours: null,
    });
    expect(missing.error?.issues[0]?.path).toEqual(['throttle_hours']);
    const bad = ruleSaveSchema.safeParse({ ...items, throttle_hours: 'soon' });
    expect(bad.error?.issues[0]?.message).toBe('must be a number of hours from 0.01 to 8760');
  });

  it('defaults each operator to and and checks each type’s fields', () => {
    const parsed = ruleSaveSchema.parse({
      conditions: [{ type: 'tracker_name', data: { value: 'Van' } }],
      actions: [{ type: 'send_webhook', data: { url: 'https://example.test/hook' } }],
    });
    expect(parsed.conditions[0]?.operator).toBe('and');
    const bad = ruleSaveSchema.safeParse({
      conditions: items.conditions,
      actions: [
        {
          type: 'send_email',
          data: { email_addresses: ['nope'], subject: 'S', body: 'B', timezone_id: 1 },
        },
        { type: 'send_webhook', data: { url: 'ftp://example.test' } },
        { type: 'teleport', data: {} },
      ],
    });
    const issues = bad.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['actions.0.data.email_addresses.0', 'not an email'],
      ['actions.1.data.url', 'must be an http or https address'],
      [
        'actions.2.type',
        'type must be one of send_command_to_tracker, send_webhook, send_text_message, send_email',
      ],
    ]);
  });
});

describe('in words', () => {
  it('describes conditions and actions with the names of what they point at', () => {
    const names = {
      tracker: (id: number) => (id === 7 ? 'Van 7' : undefined),
      geofence: () => 'Depot',
    };
    const conditions: RuleCondition[] = [
      inFleet([7, 9]),
      cond({ type: 'geofence', operator: 'or', data: { triggers: ['enter', 'exit'], address: 3 } }),
      cond({ type: 'event_time', data: { time_from: '08:00', time_to: '18:00' } }),
    ];
    expect(describeItems(conditions, (c) => describeCondition(c, names))).toBe(
      'Tracker is Van 7 or #9 or Tracker enters or exits Depot and Time is between 08:00 and 18:00',
    );
    expect(
      describeAction({
        type: 'send_email',
        operator: 'and',
        data: {
          email_addresses: ['a@example.test', 'b@example.test'],
          subject: 'S',
          body: '',
          timezone_id: 1,
        },
      }),
    ).toBe('E-mail a@example.test, b@example.test');
  });
});
