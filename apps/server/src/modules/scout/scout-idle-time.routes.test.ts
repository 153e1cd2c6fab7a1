import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEGMENT_SETTINGS, ZoneDays, type DialogMessage } from '@waymark/domain';
import { queryRows } from '../../db/client';
import { accounts, devices } from '../../db/schema';
import { seedDemo } from '../../demo/demo';
import { seedDemoFleet } from '../../demo/demo-fleet';
import { accountZone } from '../trips/trips.queries';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Idle time as Scout tells it on the demo fleet (90 days through the pipeline, as `npm start`
 * seeds it), checked against idle time added up by hand over the same stored fixes: the time
 * between consecutive fixes that both have the engine on, the later one standing. Scout used to
 * answer 0 for trackers that idle, or the parked time before a trip's first fix.
 */
let t: TestApp;
let headers: Record<string, string>;
let accountId: number;
let zone: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  await seedDemoFleet(t.ctx.database, t.ctx.pipeline, t.app.log);
  await t.ctx.bus.flush();
  const [logistics] = await t.db
    .select()
    .from(accounts)
    .where(eq(accounts.title, 'Demo Logistics'));
  accountId = logistics!.id;
  zone = await accountZone(t.db, accountId);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/token',
    payload: { email: 'admin@demo.test', password: 'demo1234' },
  });
  headers = { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` };
}, 300_000);
afterAll(() => t.close());

interface Answer {
  rows: { id: number; value: number }[];
  range: { from: string; to: string };
}

/** Scout's figure for the question: its fleet_query result. */
async function ask(message: string): Promise<Answer> {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/v2/accounts/${accountId}/dialogs`,
    headers,
    payload: { message },
  });
  const dialog = started.json<{ data: { id: number } }>().data;
  await t.ctx.jobs.idle();
  const response = await t.app.inject({ url: `/api/v2/dialogs/${dialog.id}/messages`, headers });
  const results = response
    .json<{ data: DialogMessage[] }>()
    .data.flatMap((m) => m.content)
    .flatMap((b) => (b.type === 'tool_result' && b.name === 'fleet_query' ? [b.content] : []));
  expect(results, message).toHaveLength(1);
  return JSON.parse(results[0]!) as Answer;
}

/**
 * Seconds the tracker idled within the local days `from` to `to`, from its stored fixes as the
 * trips step reads them (accepted): between consecutive fixes at most the
 * segmentation's gap apart, with the engine on at both and the later one below driving speed.
 * Cell fixes count: their place is not used, but their ignition is (an engine-off report).
 */
async function idleByHand(deviceId: number, from: string, to: string) {
  const fixes = await queryRows<{ time: number; speed: number | null; ignition: boolean | null }>(
    t.db,
    sql`SELECT (extract(epoch FROM fix_time) * 1000)::float8 AS time, speed, ignition
      FROM positions
      WHERE device_id = ${deviceId} AND filter_reason IS NULL
      ORDER BY fix_time`,
  );
  const days = new ZoneDays(zone);
  const start = days.rangeOf(Date.parse(`${from}T12:00:00Z`)).start;
  const end = days.rangeOf(Date.parse(`${to}T12:00:00Z`)).end;
  const { movingSpeedMps, maxGapMs } = DEFAULT_SEGMENT_SETTINGS;
  let ms = 0;
  for (let i = 1; i < fixes.length; i++) {
    const [a, b] = [fixes[i - 1]!, fixes[i]!];
    const standing = (b.speed ?? 0) < movingSpeedMps;
    if (!a.ignition || !b.ignition || !standing || b.time - a.time > maxGapMs) continue;
    ms += Math.max(0, Math.min(b.time, end) - Math.max(a.time, start));
  }
  return ms / 1000;
}

async function trackerId(name: string) {
  const [row] = await t.db.select({ id: devices.id }).from(devices).where(eq(devices.name, name));
  return row!.id;
}

describe('Scout on idle time', () => {
  it.each([
    ['How long did Truck 55 idle in the last 30 days?', 'Truck 55'],
    ['idle time of Pickup 18 in the last 14 days', 'Pickup 18'],
    ['Reefer 10 idle time in the last 30 days', 'Reefer 10'],
  ])('%s: the idle time added up over the fixes, not 0', async (question, name) => {
    const answer = await ask(question);
    const id = await trackerId(name);
    const byHand = await idleByHand(id, answer.range.from, answer.range.to);
    // Demo trackers warm their engines up before every drive, and park four days at most.
    expect(byHand).toBeGreaterThan(0);
    expect(answer.rows.find((r) => r.id === id)!.value).toBeCloseTo(byHand, 0);
  });

  it.each([
    ['How long did Truck 55 idle yesterday?', 'Truck 55'],
    ['idle time of Pickup 18 last week', 'Pickup 18'],
    ['Reefer 10 idle time today', 'Reefer 10'],
    ['Reefer 10 idle time in the last 3 days', 'Reefer 10'],
  ])('%s: the idle time added up over the fixes (0 if it stood still)', async (question, name) => {
    const answer = await ask(question);
    const id = await trackerId(name);
    const byHand = await idleByHand(id, answer.range.from, answer.range.to);
    expect(answer.rows.find((r) => r.id === id)!.value).toBeCloseTo(byHand, 0);
  });
});
