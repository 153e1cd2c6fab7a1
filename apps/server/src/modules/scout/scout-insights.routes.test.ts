import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  motionStatus,
  readableNumber,
  type DeviceListItem,
  type ScoutInsight,
} from '@waymark/domain';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { textOf } from './scout.fixture';
import {
  fixtureDays,
  listedTrackers,
  queryFleet,
  type QueryFleetFixture,
} from './scout-query.fixture';

/**
 * Scout's home tab (issue 38): the insights are the account's own now, each checked here
 * against the trackers list (a second computation), and each question, asked, answers the
 * same figure.
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

const HOUR = 3_600_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const insightsUrl = (accountId: number) => `/api/v2/accounts/${accountId}/scout/insights`;
async function insights() {
  const response = await t.app.inject({ url: insightsUrl(f.account.id), headers: f.headers });
  expect(response.statusCode).toBe(200);
  const data = response.json<{ data: ScoutInsight[] }>().data;
  return Object.fromEntries(data.map((i) => [i.key, i]));
}

describe('GET /api/v2/accounts/{id}/scout/insights', () => {
  it('tells the fleet as the list has it now: silent, low battery, moving, late shipments', async () => {
    const got = await insights();
    const silent = list.filter(
      (d) =>
        d.current_position && Date.now() - Date.parse(d.current_position.timestamp) > 24 * HOUR,
    );
    const low = list.filter((d) => (d.current_position?.battery ?? 100) < 20);
    const moving = list.filter((d) => motionStatus(d, new Date()) === 'moving');
    expect(silent.map((d) => d.name)).toEqual(['Container 11']);
    expect(got.silent).toMatchObject({ value: '1', text: '1 tracker has not reported for a day' });
    expect(got.low_battery!.value).toBe(String(low.length));
    expect(got.moving).toMatchObject({
      value: String(moving.length),
      text: `${moving.length} tracker${moving.length === 1 ? ' is' : 's are'} moving right now`,
    });
    // PO 4102 is predicted before its end: on time.
    expect(got.late_shipments).toMatchObject({ value: '0', text: 'No shipment is running late' });
  });

  it('names the tracker that drove the most yesterday, and its question answers the same', async () => {
    // The day's longest drive from the stored summaries (a UTC account), in miles.
    const rows = await t.db.execute(
      sql`SELECT devices.name, s.distance::float8 AS m FROM daily_summaries s
        JOIN devices ON devices.id = s.device_id
        WHERE s.account_id = ${f.account.id} AND s.day = ${isoDay(fixtureDays().yesterday)}::date
        ORDER BY s.distance DESC LIMIT 1`,
    );
    const top = (rows as unknown as { rows: { name: string; m: number }[] }).rows[0]!;
    const far = `${readableNumber(top.m / 1000 / 1.609344)} mi`;
    const { top_distance } = await insights();
    expect(top_distance).toMatchObject({
      value: far,
      text: `${top.name} drove the most yesterday: ${far}`,
    });
    const { answer } = await f.ask(top_distance!.question);
    expect(textOf(answer)).toContain(`${top.name} has the highest distance driven yesterday`);
    expect(textOf(answer)).toContain(far);
  });

  it('each question, asked, answers the count the insight shows', async () => {
    const got = await insights();
    for (const key of ['silent', 'low_battery', 'moving'] as const) {
      const { answer } = await f.ask(got[key]!.question);
      const n = Number(got[key]!.value);
      expect(textOf(answer)).toMatch(n === 0 ? /^None of the/ : new RegExp(`^${n} `));
    }
  });

  it('is 403 without use Ai and 404 for an account the caller is not in', async () => {
    const noAi = await createAccount(t);
    const admin = await createUser(t, { account: noAi, role: 'admin' });
    const forbidden = await t.app.inject({
      url: insightsUrl(noAi.id),
      headers: await authHeader(t, admin.email),
    });
    expect(forbidden.statusCode).toBe(403);
    const foreign = await t.app.inject({ url: insightsUrl(noAi.id), headers: f.headers });
    expect(foreign.statusCode).toBe(404);
  });
});
