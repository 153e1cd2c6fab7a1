import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  distanceMetres,
  motionStatus,
  mpsToMph,
  readableNumber,
  type ContentBlock,
  type DeviceListItem,
  type DialogCreated,
  type DialogFile,
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
 * Issue 38's classes of question, each asked through the dialog routes the way people type
 * them and checked against a second computation over the same data (the trackers list API,
 * the trips API, SQL over daily_summaries and shipments), never against the parser's output:
 * names before kind words, explicit dates and ranges, top speed, trips as the trips list
 * counts them, one tracker's status and last report, the N lowest, shipments by status,
 * attached files, 'it', and the questions it must not answer.
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

const DAY = 86_400_000;
const MI = 1.609344;
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
/** A UTC day as people write it: "Nov 30". */
const written = (ms: number) => {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const button = (m: DialogMessage, name: string) =>
  m.content.find(
    (b): b is Extract<ContentBlock, { type: 'tool_call' }> =>
      b.type === 'tool_call' && b.name === name,
  )?.arguments;
const listed = (m: DialogMessage) =>
  ((button(m, 'ui_filter_devices')?.device_ids as number[] | undefined) ?? []).sort();
const tracker = (name: string) => list.find((d) => d.name === name)!;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A daily_summaries column added up (or its max) per tracker over UTC days. */
async function stored(column: 'distance' | 'max_speed', from: number, to: number) {
  const agg = column === 'distance' ? sql`sum(distance)` : sql`max(max_speed)`;
  const result = await t.db.execute(
    sql`SELECT device_id, ${agg}::float8 AS v FROM daily_summaries
      WHERE account_id = ${f.account.id} AND day >= ${isoDay(from)}::date AND day <= ${isoDay(to)}::date
      GROUP BY device_id`,
  );
  return new Map(rowsOf<{ device_id: number; v: number }>(result).map((r) => [r.device_id, r.v]));
}

/** A question sent with a file, as the web app sends it: the upload first, then the message. */
async function askWithFile(message: string, name: string, type: string, body: Buffer) {
  const boundary = '----waymark-scout-classes';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/v2/files/upload',
    headers: { ...f.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  const file = uploaded.json<{ data: DialogFile }>().data;
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v2/accounts/${f.account.id}/dialogs`,
    headers: f.headers,
    payload: { message, files: [file.id] },
  });
  const dialog = created.json<{ data: DialogCreated }>().data;
  await t.ctx.jobs.idle();
  const all = await t.app.inject({
    url: `/api/v2/dialogs/${dialog.id}/messages`,
    headers: f.headers,
  });
  return all.json<{ data: DialogMessage[] }>().data.at(-1)!;
}

describe('names before kind words', () => {
  it('"How fast is Truck 70 going?" answers Truck 70 alone, not every truck', async () => {
    const { answer } = await f.ask('How fast is Truck 70 going?');
    const speed = tracker('Truck 70').current_position!.speed ?? 0;
    expect(textOf(answer)).toMatch(
      new RegExp(`^Truck 70: speed ${readableNumber(mpsToMph(speed))} mph`),
    );
    expect(textOf(answer)).not.toContain('Truck 07');
  });

  it('"Where is the reefer?" of a fleet with two asks which one', async () => {
    const { answer } = await f.ask('Where is the reefer?');
    const reefers = list.filter((d) => d.name.startsWith('Reefer')).map((d) => d.name);
    expect(textOf(answer)).toBe(
      `You have 2 reefers: ${reefers.join(', ')}. Which one do you mean?`,
    );
    expect(button(answer, 'ui_update_map')).toBeUndefined();
  });
});

describe('explicit dates and ranges, in the account’s days', () => {
  it('"How many kilometers did Truck 43 cover on <yesterday>?" reads that one day', async () => {
    const { yesterday } = fixtureDays();
    const { answer } = await f.ask(
      `How many kilometers did Truck 43 cover on ${written(yesterday)}?`,
    );
    const km = (await stored('distance', yesterday, yesterday)).get(f.trackers.truck43.id)! / 1000;
    expect(km).toBeGreaterThan(5);
    expect(textOf(answer)).toContain(`Truck 43: distance driven ${readableNumber(km)} km from`);
  });

  it('"mileage of truck 43 from <last Wednesday> to <yesterday>" adds up the range', async () => {
    const { yesterday, lastWednesday } = fixtureDays();
    const { answer } = await f.ask(
      `mileage of truck 43 from ${written(lastWednesday)} to ${written(yesterday)}`,
    );
    const km =
      (await stored('distance', lastWednesday, yesterday)).get(f.trackers.truck43.id)! / 1000;
    const oneDay =
      (await stored('distance', yesterday, yesterday)).get(f.trackers.truck43.id)! / 1000;
    expect(km).toBeGreaterThan(oneDay + 5);
    expect(textOf(answer)).toContain(`Truck 43: distance driven ${readableNumber(km / MI)} mi`);
  });

  it('"What was Truck 07\'s top speed yesterday?" is the day’s highest, not its speed now', async () => {
    const { yesterday } = fixtureDays();
    const { answer } = await f.ask("What was Truck 07's top speed yesterday?");
    const top = (await stored('max_speed', yesterday, yesterday)).get(f.trackers.truck07.id)!;
    expect(top).toBeGreaterThan(10);
    expect(textOf(answer)).toContain(`${readableNumber(mpsToMph(top))} mph yesterday`);
  });

  it('"How many trips did Truck 43 make last week?" counts as the trips list does', async () => {
    const { lastWednesday } = fixtureDays();
    const monday = lastWednesday - 2 * DAY;
    const { answer } = await f.ask('How many trips did Truck 43 make last week?');
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/trips?device_ids=${f.trackers.truck43.id}&date_from=${isoDay(monday)}&date_to=${isoDay(monday + 6 * DAY)}&per_page=1`,
      headers: f.headers,
    });
    const total = response.json<{ meta: { total: number } }>().meta.total;
    expect(total).toBeGreaterThan(0);
    expect(textOf(answer)).toMatch(new RegExp(`^Truck 43: ${total} trips? last week`));
  });

  it('"Which trackers drove more than 20 km yesterday?" bounds the day’s distance', async () => {
    const { yesterday } = fixtureDays();
    const { answer } = await f.ask('Which trackers drove more than 20 km yesterday?');
    const km = await stored('distance', yesterday, yesterday);
    const far = [...km].filter(([, m]) => m / 1000 > 20).map(([id]) => id);
    expect(far.length).toBeGreaterThan(0);
    expect(far.length).toBeLessThan(km.size);
    expect(listed(answer)).toEqual(far.sort());
  });

  it('a time it cannot place ("in March", "last quarter") is said, not swapped for today', async () => {
    for (const question of [
      'How far did Truck 43 drive in March?',
      'trips of truck 43 last quarter',
    ]) {
      const { answer } = await f.ask(question);
      expect(textOf(answer), question).toMatch(/^I can't answer that yet/);
      expect(button(answer, 'ui_filter_devices'), question).toBeUndefined();
    }
  });
});

describe('one tracker’s status, last report and the N lowest', () => {
  it('"Is Truck 70 parked or driving" says its status from the list’s chip', async () => {
    const { answer } = await f.ask('Is Truck 70 parked or driving');
    expect(motionStatus(tracker('Truck 70'), new Date())).toBe('stopped');
    const moved = tracker('Truck 70').current_position!.last_movement_time!;
    expect(textOf(answer)).toMatch(
      new RegExp(
        `^Truck 70 is stopped since ${moved.slice(0, 16).replace('T', ' ')} UTC .*\\(last report `,
      ),
    );
  });

  it('"When did Container 11 last report?" gives the time of its last fix', async () => {
    const { answer } = await f.ask('When did Container 11 last report?');
    const at = tracker('Container 11').current_position!.timestamp;
    expect(textOf(answer)).toContain(
      `Container 11 last reported at ${at.slice(0, 16).replace('T', ' ')} UTC`,
    );
  });

  it('"How many trackers are offline?" counts the list’s offline chip', async () => {
    const { answer } = await f.ask('How many trackers are offline?');
    const offline = list.filter((d) => motionStatus(d, new Date()) === 'offline');
    expect(offline.map((d) => d.name)).toContain('Container 11');
    expect(listed(answer)).toEqual(offline.map((d) => d.id).sort());
    expect(textOf(answer)).toMatch(new RegExp(`^${offline.length} trackers? (is|are) offline`));
  });

  it('"Which 2 trackers have the lowest battery?" ranks the list’s batteries', async () => {
    const { answer } = await f.ask('Which 2 trackers have the lowest battery?');
    const lowest = list
      .filter((d) => d.current_position?.battery != null)
      .sort((a, b) => a.current_position!.battery! - b.current_position!.battery!)
      .slice(0, 2);
    expect(listed(answer)).toEqual(lowest.map((d) => d.id).sort());
  });
});

describe('places on the map, negations and readings', () => {
  it('"Show Chicago on the map" centres the map on the gazetteer’s Chicago', async () => {
    const { answer } = await f.ask('Show Chicago on the map');
    const [chicago] = await t.ctx.geocoder.search('Chicago', 1);
    const centre = button(answer, 'ui_update_map')!.center as { lat: number; lng: number };
    expect(distanceMetres(centre.lat, centre.lng, chicago!.lat, chicago!.lng)).toBeLessThan(100);
    expect(button(answer, 'ui_filter_devices')).toBeUndefined();
  });

  it('"Which trucks are not moving?" is every truck whose chip is not moving', async () => {
    const { answer } = await f.ask('Which trucks are not moving?');
    const still = list.filter(
      (d) => d.name.startsWith('Truck ') && motionStatus(d, new Date()) !== 'moving',
    );
    expect(still.map((d) => d.name).sort()).toEqual(['Truck 43', 'Truck 70']);
    expect(listed(answer)).toEqual(still.map((d) => d.id).sort());
  });

  it('"reefer temps" lists the reefers that report a temperature, each with its own', async () => {
    const { answer } = await f.ask('reefer temps');
    const reporting = list.filter(
      (d) => d.name.startsWith('Reefer') && d.current_position?.temperature != null,
    );
    expect(listed(answer)).toEqual(reporting.map((d) => d.id).sort());
    for (const d of reporting)
      expect(textOf(answer)).toContain(
        `${d.name} ${readableNumber((d.current_position!.temperature! * 9) / 5 + 32)}°F`,
      );
  });
});

describe('shipments by status', () => {
  it('"Which shipments are in progress?" and "When did PO 4200 get delivered?"', async () => {
    const ended = new Date(Date.now() - 5 * 3_600_000);
    await t.db.insert(shipments).values({
      account_id: f.account.id,
      device_id: f.trackers.truck70.id,
      name: 'PO 4200',
      status: 'completed',
      start_at: new Date(Date.now() - 30 * 3_600_000),
      end_at: new Date(Date.now() - 4 * 3_600_000),
      ended_at: ended,
    });
    const result = await t.db.execute(
      sql`SELECT name FROM shipments WHERE account_id = ${f.account.id}
        AND status IN ('in-progress', 'running-late') ORDER BY name`,
    );
    const running = rowsOf<{ name: string }>(result).map((r) => r.name);
    expect(running).toEqual(['PO 4102']);
    const { answer } = await f.ask('Which shipments are in progress?');
    expect(textOf(answer)).toMatch(
      /^1 shipment is in progress or running late: PO 4102 \(Truck 07\)/,
    );
    expect(textOf(answer)).not.toContain('PO 4200');
    const delivered = await f.ask('When did PO 4200 get delivered?');
    expect(textOf(delivered.answer)).toContain(
      `arrived at ${ended.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
  });
});

describe('files sent with a question', () => {
  it('a CSV of names is the subject: "Which of these are moving?"', async () => {
    const answer = await askWithFile(
      'Which of these are moving?',
      'trackers.csv',
      'text/csv',
      Buffer.from('name\nTruck 07\nVan 12\nReefer 3\n'),
    );
    const moving = list.filter(
      (d) =>
        ['Truck 07', 'Van 12', 'Reefer 3'].includes(d.name) &&
        motionStatus(d, new Date()) === 'moving',
    );
    expect(moving.map((d) => d.name)).toEqual(['Truck 07']);
    expect(listed(answer)).toEqual(moving.map((d) => d.id));
  });

  it('a CSV of serials: "where are the trackers in this file" maps exactly them', async () => {
    const chosen = [tracker('Truck 70'), tracker('Container 11')];
    const answer = await askWithFile(
      'where are the trackers in this file',
      'serials.csv',
      'text/csv',
      Buffer.from(`serial\n${chosen.map((d) => d.serial).join('\n')}\n`),
    );
    expect((button(answer, 'ui_update_map')!.device_ids as number[]).sort()).toEqual(
      chosen.map((d) => d.id).sort(),
    );
  });

  it('an image it cannot read is said so, with no listing', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const answer = await askWithFile('Which of these are moving?', 'yard.png', 'image/png', png);
    expect(textOf(answer)).toMatch(/^I can't read yard\.png yet/);
    expect(button(answer, 'ui_filter_devices')).toBeUndefined();
  });
});

describe('follow-ups and what it must not answer', () => {
  it('"draw an area around it" after "where is truck 70" draws around Truck 70', async () => {
    const first = await f.ask('where is truck 70');
    const { answer } = await f.ask('draw an area around it', first.dialogId);
    const p = tracker('Truck 70').current_position!;
    const polygon = button(answer, 'ui_add_polygon')!.polygon as { coordinates: number[][][] };
    for (const [lng, lat] of polygon.coordinates[0]!)
      expect(distanceMetres(lat!, lng!, p.lat, p.lng)).toBeCloseTo(250, -1);
  });

  it('"how many are there" after a list counts that list', async () => {
    const first = await f.ask('List the trucks');
    const { answer } = await f.ask('how many are there', first.dialogId);
    const trucks = list.filter((d) => d.name.startsWith('Truck '));
    expect(textOf(answer)).toMatch(new RegExp(`\\b${trucks.length}\\b`));
    expect(listed(answer)).toEqual(trucks.map((d) => d.id).sort());
  });

  it('"export to csv" after a list exports that list, not the whole fleet', async () => {
    const first = await f.ask('Which trackers are low on battery?');
    const low = list.filter((d) => (d.current_position?.battery ?? 100) < 20);
    expect(low.map((d) => d.name)).toEqual(['Van 12']);
    const { answer } = await f.ask('export to csv', first.dialogId);
    const file = button(answer, 'ui_create_file') as { download_url: string };
    const download = await t.app.inject({ url: file.download_url, headers: f.headers });
    const names = download.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(names).toEqual(low.map((d) => d.name));
  });

  it('a measure it has no data for (fuel) is said, never answered with another', async () => {
    for (const question of [
      'how much fuel did truck 43 use last week',
      'Which driver drove Truck 07 yesterday?',
    ]) {
      const { answer } = await f.ask(question);
      expect(textOf(answer), question).toMatch(/^I can't answer that yet/);
      expect(
        answer.content.filter((b) => b.type === 'tool_call'),
        question,
      ).toEqual([]);
    }
  });
});
