import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  distanceMetres,
  type ContentBlock,
  type DeviceListItem,
  type DialogMessage,
} from '@waymark/domain';
import { shipments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { textOf } from './scout.fixture';
import {
  fixtureDays,
  listedTrackers,
  queryFleet,
  type QueryFleetFixture,
} from './scout-query.fixture';

/**
 * Issue 38: questions as fleet managers type them, asked through the real dialog routes and
 * answered by the offline model's fleet query; each answer is checked against a second,
 * simpler computation over the same data (the trackers list API, the stored summaries).
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

const button = (m: DialogMessage, name: string) =>
  m.content.find(
    (b): b is Extract<ContentBlock, { type: 'tool_call' }> =>
      b.type === 'tool_call' && b.name === name,
  )?.arguments;
const listed = (m: DialogMessage) =>
  ((button(m, 'ui_filter_devices')?.device_ids as number[] | undefined) ?? []).sort();
const ids = (items: DeviceListItem[]) => items.map((d) => d.id).sort();
const MI = 1.609344;

/** km driven per tracker over local days (UTC accounts here), straight from the summaries. */
async function storedKm(from: number, to: number) {
  const rows = await t.db.execute<{ device_id: number; km: number }>(
    sql`SELECT device_id, sum(distance)::float8 / 1000 AS km FROM daily_summaries
      WHERE account_id = ${f.account.id}
        AND day >= ${new Date(from).toISOString().slice(0, 10)}::date
        AND day <= ${new Date(to).toISOString().slice(0, 10)}::date
      GROUP BY device_id`,
  );
  // PGlite and node-postgres both answer { rows }.
  const out = new Map<number, number>();
  for (const r of (rows as unknown as { rows: { device_id: number; km: number }[] }).rows)
    out.set(r.device_id, r.km);
  return out;
}

describe('counts and filters over the trackers list', () => {
  it('"How many trucks are moving right now?" counts the trucks whose last fix is moving', async () => {
    const { answer } = await f.ask('How many trucks are moving right now?');
    const moving = list.filter(
      (d) =>
        d.name.startsWith('Truck') &&
        (d.current_position?.speed ?? 0) > 0.5 &&
        Date.now() - Date.parse(d.current_position!.timestamp) < 120 * 60_000,
    );
    expect(moving.length).toBe(1);
    expect(textOf(answer)).toMatch(/^1 truck is moving right now: Truck 07\./);
    expect(listed(answer)).toEqual(ids(moving));
  });

  it('"which trackers hav low batery" lists those under 20 %, typos and all', async () => {
    const { answer } = await f.ask('which trackers hav low batery');
    const low = list.filter((d) => (d.current_position?.battery ?? 100) < 20);
    expect(listed(answer)).toEqual(ids(low));
    expect(textOf(answer)).toContain('Van 12');
    expect(textOf(answer)).not.toMatch(/You can see/);
  });

  it('"Are any reefers above 40°F?" reads the reefers’ temperatures in °F', async () => {
    const { answer } = await f.ask('Are any reefers above 40°F?');
    const warm = list.filter(
      (d) =>
        d.model_title === 'Reefer Cold' && (d.current_position?.temperature ?? -99) * 1.8 + 32 > 40,
    );
    expect(warm.map((d) => d.name)).toEqual(['Reefer 3']);
    expect(listed(answer)).toEqual(ids(warm));
    expect(textOf(answer)).toContain('above 40°F');
  });

  it('"Show me trackers near Chicago" finds the place in the gazetteer and measures 15 mi', async () => {
    const { answer } = await f.ask('Show me trackers near Chicago');
    const [chicago] = await t.ctx.geocoder.search('Chicago', 1);
    const near = list.filter(
      (d) =>
        d.current_position &&
        distanceMetres(
          d.current_position.lat,
          d.current_position.lng,
          chicago!.lat,
          chicago!.lng,
        ) <=
          15 * MI * 1000,
    );
    expect(near.length).toBeGreaterThan(2);
    expect(listed(answer)).toEqual(ids(near));
    expect(textOf(answer)).toContain('within 15 mi of Chicago');
  });

  it('"Filter the list to only vans" offers the group’s trackers as the list filter', async () => {
    const { answer } = await f.ask('Filter the list to only vans');
    expect(listed(answer)).toEqual(ids(list.filter((d) => d.group_ids.includes(f.vans.id))));
  });

  it('"Which trackers haven\'t reported in 2 days?" reads the last report’s age', async () => {
    const { answer } = await f.ask("Which trackers haven't reported in 2 days?");
    const silent = list.filter(
      (d) =>
        !d.current_position ||
        Date.now() - Date.parse(d.current_position.timestamp) > 48 * 3_600_000,
    );
    expect(listed(answer)).toEqual(ids(silent));
    expect(textOf(answer)).toContain('Container 11');
  });
});

describe('measures of one tracker and of the fleet', () => {
  it('"What\'s the battery of Container 11?" answers its battery, not a threshold', async () => {
    const { answer } = await f.ask("What's the battery of Container 11?");
    const battery = list.find((d) => d.name === 'Container 11')!.current_position!.battery;
    expect(textOf(answer)).toMatch(new RegExp(`^Container 11: battery ${battery}%`));
  });

  it('"How many miles did Truck 43 drive last week?" sums last week’s daily summaries', async () => {
    const { answer } = await f.ask('How many miles did Truck 43 drive last week?');
    const { lastWednesday } = fixtureDays();
    const monday = lastWednesday - 2 * 86_400_000;
    const km = (await storedKm(monday, monday + 6 * 86_400_000)).get(f.trackers.truck43.id)!;
    // The drive was 39 steps of 0.012° of longitude at 41.9° N.
    const driven = (39 * distanceMetres(41.88, -88, 41.88, -88 + 0.012)) / 1000;
    expect(km).toBeGreaterThan(driven * 0.9);
    expect(textOf(answer)).toContain(
      `Truck 43: distance driven ${(km / MI).toFixed(1)} mi last week`,
    );
  });

  it('"Which tracker drove the most yesterday?" ranks yesterday’s summaries', async () => {
    const { answer } = await f.ask('Which tracker drove the most yesterday?');
    const { yesterday } = fixtureDays();
    const km = await storedKm(yesterday, yesterday);
    const [bestId, bestKm] = [...km.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const best = list.find((d) => d.id === bestId)!;
    expect(best.name).toMatch(/^Truck/);
    expect(textOf(answer)).toMatch(
      new RegExp(
        `^${best.name} has the highest distance driven yesterday .*: ${(bestKm / MI).toFixed(1)} mi`,
      ),
    );
  });

  it('"When will PO 4102 arrive?" gives the shipment’s predicted arrival', async () => {
    const { answer } = await f.ask('When will PO 4102 arrive?');
    const [row] = await t.db
      .select({ eta: shipments.estimated_end_at })
      .from(shipments)
      .where(eq(shipments.name, 'PO 4102'));
    const eta = row!.eta!.toISOString().slice(0, 16).replace('T', ' ');
    expect(textOf(answer)).toContain(`PO 4102 (Truck 07) is expected to arrive at ${eta} UTC`);
  });
});

describe('actions', () => {
  it('"Draw an area around Dallas" draws the Dallas Hub geofence', async () => {
    const { answer } = await f.ask('Draw an area around Dallas');
    expect(textOf(answer)).toContain('Dallas Hub');
    const polygon = button(answer, 'ui_add_polygon')!.polygon as { coordinates: number[][][] };
    const ring = polygon.coordinates[0]!;
    // A circle of the geofence's 1 km around its centre.
    for (const [lng, lat] of ring)
      expect(distanceMetres(lat!, lng!, f.hub.lat, f.hub.lng)).toBeCloseTo(1000, -2);
  });

  it('"Draw the area around Truck 07" draws 250 m around its last position', async () => {
    const { answer } = await f.ask('Draw the area around Truck 07');
    const p = list.find((d) => d.name === 'Truck 07')!.current_position!;
    const polygon = button(answer, 'ui_add_polygon')!.polygon as { coordinates: number[][][] };
    for (const [lng, lat] of polygon.coordinates[0]!)
      expect(distanceMetres(lat!, lng!, p.lat, p.lng)).toBeCloseTo(250, -1);
    expect(textOf(answer)).toContain("250 m around Truck 07's last position");
  });

  it('"Where is truck 43" shows it on the map', async () => {
    const { answer } = await f.ask('Where is truck 43');
    expect(button(answer, 'ui_update_map')!.device_ids).toEqual([f.trackers.truck43.id]);
  });
});

describe('honesty', () => {
  it('a question it cannot map gets "I can\'t answer that yet" and two it can, never a listing', async () => {
    const { answer } = await f.ask('What is the weather tomorrow?');
    expect(textOf(answer)).toMatch(
      /^I can't answer that yet\. Questions close to it that I can answer: ".+" or ".+"$/,
    );
    expect(button(answer, 'ui_filter_devices')).toBeUndefined();
  });

  it('a name no tracker has is said, and the two as close to it are asked back', async () => {
    const { answer } = await f.ask('Where is Truck 77?');
    expect(textOf(answer)).toBe(
      'I could not find a tracker called "truck 77" among the trackers you can see. Did you mean Truck 07 or Truck 70?',
    );
  });

  it('deleting or changing settings is refused with why', async () => {
    const { answer } = await f.ask('Delete Truck 07');
    expect(textOf(answer)).toMatch(/^I can't delete anything: Scout reads your fleet/);
    const { answer: settings } = await f.ask('change the account settings');
    expect(textOf(settings)).toMatch(/^I can't change anything/);
  });
});

describe('follow-ups', () => {
  it('"and Truck 07?" asks the last question of another tracker', async () => {
    const first = await f.ask("What's the battery of Container 11?");
    const { answer } = await f.ask('and Truck 07?', first.dialogId);
    const battery = list.find((d) => d.name === 'Truck 07')!.current_position!.battery;
    expect(textOf(answer)).toMatch(new RegExp(`^Truck 07: battery ${battery}%`));
  });

  it('"which of them are moving?" narrows the last answer; "export them" makes its CSV', async () => {
    const first = await f.ask('List the trucks');
    expect(listed(first.answer)).toEqual(ids(list.filter((d) => d.name.startsWith('Truck'))));
    const { answer } = await f.ask('which of them are moving?', first.dialogId);
    expect(listed(answer)).toEqual([f.trackers.truck07.id]);
    const exported = await f.ask('export them', first.dialogId);
    expect(button(exported.answer, 'ui_create_file')).toMatchObject({
      original_name: 'trackers.csv',
    });
  });
});
