import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RawPosition } from '@waymark/domain';
import { queryRows } from '../db/client';
import { timezones } from '../db/schema';
import { drive, greatCircle, parkDrivePark } from '../test/drives';
import { createAccount, createDevice, createTestApp, type TestApp } from '../test/test-app';

/**
 * History arriving late (a buffer uploaded after a tunnel, fixes from last year): stored, and
 * the tracker's trips, stops and daily summaries come out as if every fix had come in time
 * order; the current position stays the newest fix. Each drive goes to two trackers, one in
 * time order and one late, and both are checked against great-circle sums over the fixes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function chicagoAccount() {
  const [zone] = await t.db
    .select({ id: timezones.id })
    .from(timezones)
    .where(eq(timezones.identifier, 'America/Chicago'));
  return createAccount(t, { timezone_id: zone!.id });
}

/** The app's pipeline, whose trips-rebuild job the test app works; waits for the rebuilds. */
async function send(batches: RawPosition[][]) {
  for (const batch of batches)
    for (let i = 0; i < batch.length; i += 20)
      await t.ctx.pipeline.submit(batch.slice(i, i + 20), 'gt06');
  await t.ctx.jobs.idle();
}

const as = (serial: string, fixes: RawPosition[]) => fixes.map((f) => ({ ...f, serial }));

interface Stored {
  trips: { start_time: string; end_time: string; distance: number; driving_s: number }[];
  stops: { start_time: string; end_time: string; duration_s: number }[];
  days: {
    day: string;
    distance: number;
    driving_s: number;
    stops: number;
    first_fix: string;
    last_fix: string;
  }[];
}

async function stored(deviceId: number): Promise<Stored> {
  const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'HH24:MI:SS')`);
  return {
    trips: await queryRows(
      t.db,
      sql`SELECT ${iso('start_time')} AS start_time, ${iso('end_time')} AS end_time, distance,
        driving_s FROM trips WHERE device_id = ${deviceId} ORDER BY start_time`,
    ),
    stops: await queryRows(
      t.db,
      sql`SELECT ${iso('start_time')} AS start_time, ${iso('end_time')} AS end_time, duration_s
        FROM device_stops WHERE device_id = ${deviceId} ORDER BY start_time`,
    ),
    days: await queryRows(
      t.db,
      sql`SELECT day::text, distance, driving_s, stops, ${iso('first_fix')} AS first_fix,
        ${iso('last_fix')} AS last_fix
        FROM daily_summaries WHERE device_id = ${deviceId} ORDER BY day`,
    ),
  };
}

/** Distances agree to the metre (the odometer skips hops under 15 m, the same either way). */
function expectSame(late: Stored, inOrder: Stored) {
  const metres = <T extends { distance: number }>(rows: T[]) =>
    rows.map((r) => ({ ...r, distance: Math.round(r.distance) }));
  expect(metres(late.trips)).toEqual(metres(inOrder.trips));
  expect(late.stops).toEqual(inOrder.stops);
  expect(metres(late.days)).toEqual(metres(inOrder.days));
}

const within2 = (value: number, expected: number) =>
  expect(Math.abs(value - expected) / expected).toBeLessThan(0.02);

async function current(deviceId: number) {
  const [row] = await queryRows<{ fix_time: Date; lat: number; lng: number }>(
    t.db,
    sql`SELECT fix_time, lat, lng FROM current_positions WHERE device_id = ${deviceId}`,
  );
  return row!;
}

describe('late fixes', () => {
  it('a buffer uploaded after a tunnel across midnight gives the trips and days of fixes in order', async () => {
    const account = await chicagoAccount();
    const inOrder = await createDevice(t, account);
    const late = await createDevice(t, account);
    // The evening before: a drive whose stop is where the rebuild starts from.
    const evening = parkDrivePark('x', Date.parse('2026-11-19T00:00:00Z'), 10, 50);
    // 23:40 in Chicago (05:40 UTC): parked, 20 min at 60 km/h over midnight, a 10 min halt,
    // 20 min more, parked.
    const night = drive('x', Date.parse('2026-11-20T05:40:00Z'), [
      { minutes: 15, kmh: 0 },
      { minutes: 20, kmh: 60 },
      { minutes: 10, kmh: 0 },
      { minutes: 20, kmh: 60 },
      { minutes: 15, kmh: 0 },
    ]);
    // The tunnel: 23:58 to 00:30, the halt within, buffered and sent after the newer fixes.
    const [before, tunnel, after] = [night.slice(0, 35), night.slice(35, 100), night.slice(100)];

    await send([as(inOrder.serial, [...evening, ...night])]);
    await send([as(late.serial, [...evening, ...before]), as(late.serial, after)]);
    await send([as(late.serial, tunnel)]);

    const [a, b] = [await stored(late.id), await stored(inOrder.id)];
    expectSame(a, b);
    // Independently: the night's two drives are two trips (each from the fix before it moved
    // to the first one stopped), whatever order the fixes came in.
    expect(a.trips).toHaveLength(3);
    within2(a.trips[1]!.distance, greatCircle(night.slice(29, 71)));
    within2(a.trips[2]!.distance, greatCircle(night.slice(89, 131)));
    expect(a.trips.slice(1).map((trip) => trip.driving_s)).toEqual([20 * 60, 20 * 60]);
    // Two Chicago days of the night's fixes: before midnight (06:00 UTC) and after.
    const days = new Map(a.days.map((d) => [d.day, d]));
    const midnight = Date.parse('2026-11-20T06:00:00Z');
    const split = night.findIndex((f) => f.deviceTime.getTime() >= midnight);
    // The 30 s hop over midnight is shared between the days by time: at most 500 m either way.
    const beforeMidnight = greatCircle(evening) + greatCircle(night.slice(0, split));
    expect(Math.abs(days.get('2026-11-19')!.distance - beforeMidnight)).toBeLessThan(500);
    expect(
      Math.abs(days.get('2026-11-20')!.distance - greatCircle(night.slice(split))),
    ).toBeLessThan(500);
    within2(
      days.get('2026-11-19')!.distance + days.get('2026-11-20')!.distance,
      greatCircle(evening) + greatCircle(night),
    );
    // After midnight: the first drive's last 15 minutes and the second drive's 20.
    expect(days.get('2026-11-20')!.driving_s).toBe(35 * 60);
    expect(days.get('2026-11-20')!.stops).toBe(2);

    const newest = night.at(-1)!;
    const position = await current(late.id);
    expect(new Date(position.fix_time).toISOString()).toBe(newest.deviceTime.toISOString());
    expect(position.lat).toBeCloseTo(newest.lat, 6);
    const positions = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM positions WHERE device_id = ${late.id}
        AND filter_reason IS NULL`,
    );
    expect(positions[0]!.n).toBe(evening.length + night.length);
  });

  it('fixes from last year go to history and their own days, and the position stays today’s', async () => {
    const account = await chicagoAccount();
    const inOrder = await createDevice(t, account);
    const late = await createDevice(t, account);
    const lastYear = parkDrivePark('x', Date.parse('2025-06-03T14:00:00Z'), 15, 40);
    const today = parkDrivePark('x', Date.parse('2026-11-24T15:00:00Z'), 20, 50);

    await send([as(inOrder.serial, [...lastYear, ...today])]);
    await send([as(late.serial, today)]);
    const live = await current(late.id);
    await send([as(late.serial, lastYear)]);

    const [a, b] = [await stored(late.id), await stored(inOrder.id)];
    expectSame(a, b);
    expect(a.days.map((d) => d.day)).toEqual(['2025-06-03', '2026-11-24']);
    within2(a.days[0]!.distance, greatCircle(lastYear));
    within2(a.trips[0]!.distance, greatCircle(lastYear.slice(29, 61)));
    expect(await current(late.id)).toEqual(live);
  });
});
