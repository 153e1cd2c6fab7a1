import { describe, expect, it } from 'vitest';
import type { FleetQuery } from './fleet-query';
import { parseQuestion, type QueryLexicon } from './query-parse';
import { normalise } from './query-words';

const lexicon: QueryLexicon = {
  trackers: [
    { id: 1, name: 'Truck 07', serial: '860001' },
    { id: 2, name: 'Truck 70', serial: '860002' },
    { id: 3, name: 'Truck 43', serial: '860003' },
    { id: 4, name: 'Container 11', serial: '860004' },
    { id: 5, name: 'Reefer 3', serial: '860005' },
  ],
  groups: [{ id: 10, name: 'Vans' }],
  geofences: [{ id: 20, name: 'Dallas Hub' }],
  models: ['Reefer Cold', 'Mobile 200'],
};
const parse = (q: string, previous?: Parameters<typeof parseQuestion>[2]) =>
  parseQuestion(q, lexicon, previous);
const query = (q: string) => {
  const parsed = parse(q);
  if (parsed.kind !== 'query') throw new Error(`${q}: ${parsed.kind}`);
  return parsed.query;
};

describe('parseQuestion', () => {
  it('reads numbers in words and units in the user’s system', () => {
    expect(normalise('Trucks not moved for twenty five hours')).toBe(
      'trucks not moved for 25 hours',
    );
    expect(query('trackers faster than 50 mph').filters).toEqual([
      { kind: 'speed', op: 'above', mps: 50 * 0.44704 },
    ]);
    expect(query('trackers faster than 80 km/h').filters[0]).toMatchObject({ mps: 80 / 3.6 });
    expect(query('Are any reefers above 40°F?').filters[0]).toMatchObject({
      kind: 'temperature',
      op: 'above',
      celsius: ((40 - 32) * 5) / 9,
    });
    expect(query('fridges colder than 3 °C').filters[0]).toMatchObject({ celsius: 3 });
    expect(query('How far did Truck 43 drive last week in km?').units).toBe('metric');
  });

  it('takes synonyms, plurals and typos of names and words', () => {
    expect(query('which trackers hav low batery').filters).toEqual([
      { kind: 'battery', op: 'below', percent: 20 },
    ]);
    expect(query('where is truk 43').subject.trackers).toEqual([3]);
    // A kind said is the trackers whose names hold it (Reefer 3), before a model's title.
    expect(query('which fridges are warm').subject).toEqual({ name_word: 'reefer' });
    expect(query('Filter the list to only vans')).toMatchObject({
      subject: { group: 10 },
      action: 'filter_list',
    });
    expect(query('How many vehicles are moving right now?')).toMatchObject({
      subject: {},
      filters: [{ kind: 'motion', status: 'moving' }],
      aggregate: { kind: 'count' },
    });
  });

  it('reads measures, times and aggregates', () => {
    expect(query('How many miles did Truck 43 drive last week?')).toMatchObject({
      subject: { trackers: [3] },
      measure: 'distance',
      time: { kind: 'relative', name: 'last_week' },
    });
    expect(query('Which tracker drove the most yesterday?')).toMatchObject({
      measure: 'distance',
      time: { kind: 'relative', name: 'yesterday' },
      aggregate: { kind: 'top', n: 1 },
    });
    expect(query('idle time of Truck 07 in the last 3 days')).toMatchObject({
      measure: 'idle_time',
      time: { kind: 'last_days', days: 3 },
    });
    expect(query('Truck 07 distance per day this week').aggregate).toMatchObject({ per_day: true });
    expect(query('When will PO 4102 arrive?').measure).toBe('eta');
    const around = query('Draw the area around Truck 07');
    expect(around).toMatchObject({ subject: { trackers: [1] }, action: 'draw_area' });
    expect(around.area).toBeUndefined();
    expect(query('Draw an area around Dallas').area).toEqual({ geofence: 20 });
  });

  it('reads the nearest trackers to a geofence, a tracker or a place', () => {
    expect(query('which truck is nearest to Dallas Hub')).toMatchObject({
      subject: { name_word: 'truck' },
      filters: [],
      measure: 'distance_from',
      area: { geofence: 20 },
      aggregate: { kind: 'min', n: 1 },
    });
    expect(query('the 3 closest trackers to Truck 43?')).toMatchObject({
      subject: {},
      measure: 'distance_from',
      area: { tracker: 3 },
      aggregate: { kind: 'min', n: 3 },
    });
    expect(query('moving trucks closest to denver')).toMatchObject({
      filters: [{ kind: 'motion', status: 'moving' }],
      area: { text: 'denver' },
      aggregate: { kind: 'min', n: 5 },
    });
    expect(query('how far is Truck 07 from Dallas Hub in km')).toMatchObject({
      subject: { trackers: [1] },
      measure: 'distance_from',
      area: { geofence: 20 },
      aggregate: { kind: 'list' },
      units: 'metric',
    });
    // Nearest to nothing said: no place to measure from.
    expect(parse('which truck is closest?')).toEqual({ kind: 'unknown' });
  });

  it('asks back, refuses and admits what it cannot do', () => {
    // No Truck 77: said, then the names one edit away offered.
    expect(parse('Where is Truck 77?')).toEqual({
      kind: 'not_found',
      what: 'tracker',
      words: 'truck 77',
      near: ['Truck 07', 'Truck 70'],
    });
    // "Truck 4" starts the numbers of Truck 43 and Truck 47: a choice, asked back.
    expect(
      parseQuestion('where is truck 4?', {
        ...lexicon,
        trackers: [...lexicon.trackers, { id: 6, name: 'Truck 47', serial: '860006' }],
      }),
    ).toEqual({ kind: 'ambiguous', options: ['Truck 43', 'Truck 47'] });
    expect(parse('delete Truck 07')).toEqual({ kind: 'refuse', action: 'delete' });
    expect(parse('What is the weather tomorrow?')).toEqual({ kind: 'unknown' });
    expect(parse('How do I reset my password?')).toEqual({ kind: 'unknown' });
    expect(parse('Tell me a joke about trucks')).toEqual({ kind: 'unknown' });
    expect(parse('Which shipments are running late?')).toMatchObject({
      kind: 'query',
      query: { measure: 'shipments', shipment_statuses: ['running-late'] },
    });
  });

  it('reads contractions typed without the apostrophe and shortened words', () => {
    expect(query('how many units havent reported in over a day')).toMatchObject({
      filters: [{ kind: 'last_report', op: 'older', hours: 24 }],
      aggregate: { kind: 'count' },
    });
    expect(query('which trucks arent moving').filters).toEqual([
      { kind: 'motion', status: 'moving', not: true },
    ]);
    expect(query('batt level for truck 43')).toMatchObject({
      subject: { trackers: [3] },
      measure: 'battery',
    });
  });

  it('says a name it does not have, never answering with every tracker of its kind', () => {
    expect(parse("where's truck 99")).toEqual({
      kind: 'not_found',
      what: 'tracker',
      words: 'truck 99',
      near: [],
    });
    // A number with its unit is no name.
    expect(query('which truck drove over 50 miles yesterday').subject).toEqual({
      name_word: 'truck',
    });
  });

  it('draws a geofence asked for around a place; around a tracker it passes on', () => {
    expect(query('make a geofence around Memphis')).toMatchObject({
      action: 'draw_area',
      area: { text: 'memphis' },
    });
    expect(query('add a zone at Dallas Hub').area).toEqual({ geofence: 20 });
    expect(parse('create a geofence around truck 07')).toEqual({ kind: 'pass' });
  });

  it('moves the last question back a day or a week ("and the day before?")', () => {
    const options = { today: '2026-12-03' };
    const previous = {
      query: (
        parseQuestion('How far did Truck 43 drive yesterday?', lexicon, undefined, options) as {
          query: FleetQuery;
        }
      ).query,
      ids: [3],
    };
    expect(parseQuestion('and the day before?', lexicon, previous, options)).toMatchObject({
      kind: 'query',
      query: {
        subject: { trackers: [3] },
        measure: 'distance',
        time: { kind: 'range', from: '2026-12-01', to: '2026-12-01' },
      },
    });
    const week = {
      query: { ...previous.query, time: { kind: 'relative', name: 'this_week' } as const },
      ids: [3],
    };
    expect(parseQuestion('and the week before', lexicon, week, options)).toMatchObject({
      query: { time: { kind: 'relative', name: 'last_week' } },
    });
    // Alone, without "and", it is the same follow-up.
    expect(parseQuestion('the week before?', lexicon, week, options)).toMatchObject({
      query: { subject: { trackers: [3] }, time: { kind: 'relative', name: 'last_week' } },
    });
  });

  it('reads online, a report that recent and a stop that long as filters, not the whole fleet', () => {
    expect(query('how many trackers are online').filters).toEqual([
      { kind: 'motion', status: 'offline', not: true },
    ]);
    expect(query('how many trackers reported in the last hour').filters).toEqual([
      { kind: 'last_report', op: 'newer', hours: 1 },
    ]);
    expect(query('which trucks pinged within the past 2 hours').filters).toEqual([
      { kind: 'last_report', op: 'newer', hours: 2 },
    ]);
    expect(query('how many vehicles stopped for more than 2 hours').filters).toEqual([
      { kind: 'not_moved', hours: 2 },
    ]);
    expect(parse('how many trucks are idling right now')).toEqual({ kind: 'unknown' });
    expect(query('which trucks are stopped').filters).toEqual([
      { kind: 'motion', status: 'stopped' },
    ]);
  });

  it('ranks by battery from the bottom as people say it', () => {
    expect(query('bottom 3 by battery')).toMatchObject({
      measure: 'battery',
      aggregate: { kind: 'min', n: 3 },
    });
    expect(query('which 4 devices have the weakest battery')).toMatchObject({
      measure: 'battery',
      aggregate: { kind: 'min', n: 4 },
    });
  });

  it('carries the last query over to follow-ups', () => {
    const previous = { query: query("What's the battery of Container 11?"), ids: [4] };
    expect(parse('and Truck 07?', previous)).toMatchObject({
      kind: 'query',
      query: { subject: { trackers: [1] }, measure: 'battery' },
    });
    const trucks = { query: query('List the trucks'), ids: [1, 2, 3] };
    expect(parse('which of them are moving?', trucks)).toMatchObject({
      kind: 'query',
      query: {
        subject: { trackers: [1, 2, 3], previous: true },
        filters: [{ kind: 'motion', status: 'moving' }],
      },
    });
  });
});
