import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  distanceMetres,
  readableNumber,
  type ContentBlock,
  type DeviceListItem,
  type DialogMessage,
} from '@waymark/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { textOf } from './scout.fixture';
import {
  CHICAGO,
  DALLAS,
  listedTrackers,
  queryFleet,
  type QueryFleetFixture,
} from './scout-query.fixture';

/**
 * "Which truck is nearest to Dallas Hub?": the trackers nearest to a geofence, a tracker or a
 * gazetteer place, asked through the dialog routes and checked against the distances worked
 * out here from the trackers list's last positions, in the user's units.
 */
let t: TestApp;
let f: QueryFleetFixture;
let list: DeviceListItem[];
beforeAll(async () => {
  t = await createTestApp();
  f = await queryFleet(t);
  list = await listedTrackers(t, f);
}, 60_000);
afterAll(() => t.close());

const MI = 1.609344;
const listed = (m: DialogMessage) =>
  (
    (m.content.find(
      (b): b is Extract<ContentBlock, { type: 'tool_call' }> =>
        b.type === 'tool_call' && b.name === 'ui_filter_devices',
    )?.arguments.device_ids as number[] | undefined) ?? []
  ).sort();

/** Trackers by km from a point, nearest first, as the list places them. */
const byDistance = (point: { lat: number; lng: number }, keep = (_: DeviceListItem) => true) =>
  list
    .filter((d) => d.current_position && keep(d))
    .map((d) => ({
      d,
      km:
        distanceMetres(d.current_position!.lat, d.current_position!.lng, point.lat, point.lng) /
        1000,
    }))
    .sort((a, b) => a.km - b.km);

describe('the nearest trackers to a place', () => {
  it('"which truck is nearest to Dallas Hub" names the nearest truck and how far, in miles', async () => {
    const { answer } = await f.ask('which truck is nearest to Dallas Hub');
    const [first] = byDistance(DALLAS, (d) => d.name.startsWith('Truck'));
    expect(first!.d.name).toBe('Truck 70');
    expect(textOf(answer)).toContain(
      `Truck 70 is the closest to Dallas Hub: ${readableNumber(first!.km / MI)} mi away`,
    );
    expect(listed(answer)).toEqual([first!.d.id]);
  });

  it('"the 2 closest trackers to Truck 43" ranks the others by their distance to Truck 43', async () => {
    const from = list.find((d) => d.name === 'Truck 43')!.current_position!;
    const ranked = byDistance(from, (d) => d.name !== 'Truck 43').slice(0, 2);
    const { answer } = await f.ask('the 2 closest trackers to Truck 43');
    expect(listed(answer)).toEqual(ranked.map((x) => x.d.id).sort());
    for (const x of ranked)
      expect(textOf(answer)).toContain(`${x.d.name} ${readableNumber(x.km / MI)} mi`);
    expect(textOf(answer)).not.toMatch(/Truck 43 \d/);
  });

  it('"how far is Container 11 from chicago in km" measures to the gazetteer place', async () => {
    const [x] = byDistance(CHICAGO, (d) => d.name === 'Container 11');
    const { answer } = await f.ask('how far is Container 11 from chicago in km');
    const said = /^Container 11 is ([\d,.]+) km from Chicago/.exec(textOf(answer));
    // The gazetteer's Chicago is not the fixture's point to the metre: within 2 km.
    expect(Math.abs(Number(said![1]!.replace(/,/g, '')) - x!.km)).toBeLessThan(2);
  });

  it('nearest to no place said is not answered with a listing', async () => {
    const { answer } = await f.ask('which truck is the closest?');
    expect(textOf(answer)).toMatch(/I can't answer that yet/);
    expect(listed(answer)).toEqual([]);
  });
});
