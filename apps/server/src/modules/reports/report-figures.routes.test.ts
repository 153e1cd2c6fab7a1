import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  MPS_TO_MPH,
  type ApiFleetStop,
  type ApiReportDetails,
  type ApiTrip,
  type FleetTotals,
  type RawPosition,
} from '@waymark/domain';
import { queryRows } from '../../db/client';
import { timezones } from '../../db/schema';
import { drive, greatCircle } from '../../test/drives';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

/**
 * A saved report's stops, distance and max speed are the Fleet reports' (the one segmentation
 * of the accepted fixes), and both agree with figures this test works out itself: the
 * great-circle sum over the fixes it sent, less the jump the filter refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MILE = 1609.344;
const MINUTE = 60_000;
const CHICAGO = 'America/Chicago';
// Local days of the account (CST, UTC-6): Nov 10 is [06:00Z Nov 10, 06:00Z Nov 11).
const DAY1 = '2026-11-10';
const DAY2 = '2026-11-11';
const MIDNIGHT = Date.parse('2026-11-11T06:00:00Z');
const ARRIVED = Date.parse('2026-11-10T23:45:00Z');
const LEFT = Date.parse('2026-11-11T13:00:00Z');

/** Fixes standing at one place every 5 minutes over [from, to]. */
function parkedAt(serial: string, at: RawPosition, from: number, to: number): RawPosition[] {
  const fixes: RawPosition[] = [];
  for (let time = from; time <= to; time += 5 * MINUTE)
    fixes.push({ ...at, serial, deviceTime: new Date(time), speed: 0 });
  return fixes;
}

/**
 * Alpha, in a Chicago account: parked 15 min, 30 min at 60 km/h on the evening of Nov 10
 * (arriving 17:45 local), parked over UTC and local midnight until 07:00 on Nov 11, then
 * 20 min at 60 km/h and parked 15 min. One fix of the morning drive is 300 km away, between two
 * fixes 30 s apart, reporting 900 km/h: a jump the filter refuses.
 */
async function fleet() {
  const [zone] = await t.db
    .select({ id: timezones.id })
    .from(timezones)
    .where(eq(timezones.identifier, CHICAGO));
  const account = await createAccount(t, { is_b2b_account: true, timezone_id: zone!.id });
  const alpha = await createDevice(t, account, { name: 'Alpha' });
  const admin = await authHeader(t, (await createUser(t, { account, role: 'admin' })).email);

  const evening = drive(alpha.serial, ARRIVED - 45 * MINUTE, [
    { minutes: 15, kmh: 0 },
    { minutes: 30, kmh: 60 },
    { minutes: 5, kmh: 0 },
  ]);
  const night = parkedAt(alpha.serial, evening.at(-1)!, ARRIVED + 10 * MINUTE, LEFT);
  const morning = drive(
    alpha.serial,
    LEFT,
    [
      { minutes: 20, kmh: 60 },
      { minutes: 15, kmh: 0 },
    ],
    night.at(-1)!,
  );
  const before = morning[10]!;
  const jump: RawPosition = {
    ...before,
    deviceTime: new Date(before.deviceTime.getTime() + 15_000),
    lng: before.lng + 3.6,
    speed: 900,
  };
  const accepted = [...evening, ...night, ...morning];
  const sent = [...evening, ...night, ...morning.slice(0, 11), jump, ...morning.slice(11)];
  await t.ctx.pipeline.submit(sent, 'test');
  await t.ctx.pipeline.flush();
  await t.ctx.bus.flush();
  return { account, alpha, admin, accepted, jump };
}
type Fleet = Awaited<ReturnType<typeof fleet>>;

/** A saved report of Alpha over [from, to), read back as its details. */
async function savedReport(f: Fleet, from: number, to: number) {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/${f.account.id}/reports`,
    headers: f.admin,
    payload: {
      device_id: f.alpha.id,
      start_at: new Date(from).toISOString(),
      end_at: new Date(to).toISOString(),
    },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json<{ data: { id: number } }>().data.id;
  const details = await t.app.inject({
    url: `/api/accounts/${f.account.id}/reports/${id}`,
    headers: f.admin,
  });
  return details.json<{ data: ApiReportDetails }>().data;
}

async function fleetReport<T>(f: Fleet, kind: string, days: string) {
  const response = await t.app.inject({
    url: `/api/accounts/${f.account.id}/${kind}?device_ids[]=${f.alpha.id}&${days}`,
    headers: f.admin,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: T[]; totals: FleetTotals }>();
}

const inRange = (fixes: RawPosition[], from: number, to: number) =>
  fixes.filter((p) => p.deviceTime.getTime() >= from && p.deviceTime.getTime() < to);

describe('a saved report’s figures', () => {
  let f: Fleet;
  beforeAll(async () => {
    f = await fleet();
  });

  it('are the Fleet reports’ over the same local days, and the great circle over the fixes', async () => {
    const from = Date.parse('2026-11-10T06:00:00Z');
    const to = Date.parse('2026-11-12T06:00:00Z');
    const days = `date_from=${DAY1}&date_to=${DAY2}`;
    const [report, summary, trips, stops] = await Promise.all([
      savedReport(f, from, to),
      fleetReport(f, 'summary', days),
      fleetReport<ApiTrip>(f, 'trips', days),
      fleetReport<ApiFleetStop>(f, 'stops', days),
    ]);

    // The jump is stored as filtered and counts nowhere.
    const [filtered] = await queryRows<{ reason: string | null }>(
      t.db,
      sql`SELECT filter_reason AS reason FROM positions WHERE device_id = ${f.alpha.id}
            AND fix_time = ${f.jump.deviceTime.toISOString()}`,
    );
    expect(filtered?.reason).not.toBeNull();
    expect(report.positions.map((p) => p.timestamp)).not.toContain(f.jump.deviceTime.toISOString());

    // Distance: the great circle over the accepted fixes (the parked legs creep 1 m a fix,
    // which the odometer's 15 m jitter bound takes in bigger steps), and the summary's to the metre.
    const metres = report.summary.distance_miles * MILE;
    const circle = greatCircle(inRange(f.accepted, from, to));
    expect(circle).toBeGreaterThan(49_000);
    expect(Math.abs(metres - circle) / circle).toBeLessThan(0.005);
    expect(metres).toBeCloseTo(summary.totals.distance, 0);
    expect(Math.abs(metres - trips.totals.distance)).toBeLessThan(100);

    // Max speed: the 60 km/h driven, not the jump's 900 km/h.
    expect(report.summary.max_mph).toBeCloseTo((60 / 3.6) * MPS_TO_MPH, 3);
    expect(report.summary.max_mph).toBeCloseTo(summary.totals.max_speed! * MPS_TO_MPH, 6);
    expect(report.summary.max_mph).toBeCloseTo(
      Math.max(...trips.data.map((trip) => trip.max_speed)) * MPS_TO_MPH,
      6,
    );
    // Moving time: the 50 minutes at 60 km/h, the summary's driving time.
    expect(report.summary.moving_seconds).toBe(50 * 60);
    expect(report.summary.moving_seconds).toBeCloseTo(summary.totals.driving_time, 6);

    // Stops: the Fleet reports' (each began in the range), oldest first; the night is one stop
    // across local midnight, from the evening's arrival to the morning's departure.
    expect(report.stops.map((s) => [s.start_time, s.end_time])).toEqual(
      [...stops.data].reverse().map((s) => [s.start_time, s.end_time]),
    );
    expect(report.stops).toHaveLength(3);
    const night = report.stops.filter(
      (s) => Date.parse(s.start_time) < MIDNIGHT && Date.parse(s.end_time) > MIDNIGHT,
    );
    expect(night).toHaveLength(1);
    expect(Math.abs(Date.parse(night[0]!.start_time) - ARRIVED)).toBeLessThanOrEqual(MINUTE);
    expect(Math.abs(Date.parse(night[0]!.end_time) - LEFT)).toBeLessThanOrEqual(MINUTE);
    expect(report.summary.stops).toBe(summary.totals.stops);
    const stopped = report.stops.reduce(
      (sum, s) => sum + Date.parse(s.end_time) - Date.parse(s.start_time),
      0,
    );
    expect(report.summary.stopped_seconds).toBe(stopped / 1000);
  });

  it('list a stop begun before the range whole, and count only its time inside', async () => {
    const from = MIDNIGHT;
    const to = Date.parse('2026-11-12T06:00:00Z');
    const days = `date_from=${DAY2}&date_to=${DAY2}`;
    const [report, summary, stops] = await Promise.all([
      savedReport(f, from, to),
      fleetReport(f, 'summary', days),
      fleetReport<ApiFleetStop>(f, 'stops', days),
    ]);
    // The night's stop, as the tracker details list it: begun the evening before.
    const first = report.stops[0]!;
    expect(Math.abs(Date.parse(first.start_time) - ARRIVED)).toBeLessThanOrEqual(MINUTE);
    // The Fleet reports list it on the day it began; the report lists it too, and the rest.
    expect(report.stops.slice(1).map((s) => s.start_time)).toEqual(
      [...stops.data].reverse().map((s) => s.start_time),
    );
    const inside = report.stops.reduce(
      (sum, s) => sum + Date.parse(s.end_time) - Math.max(Date.parse(s.start_time), from),
      0,
    );
    expect(report.summary.stopped_seconds).toBe(inside / 1000);

    // Distance and max speed: Nov 11's summary, and the great circle from the last fix of Nov 10.
    const metres = report.summary.distance_miles * MILE;
    expect(metres).toBeCloseTo(summary.totals.distance, 0);
    const last = f.accepted.filter((p) => p.deviceTime.getTime() < from).at(-1)!;
    const circle = greatCircle([last, ...inRange(f.accepted, from, to)]);
    expect(Math.abs(metres - circle) / circle).toBeLessThan(0.005);
    expect(report.summary.max_mph).toBeCloseTo(summary.totals.max_speed! * MPS_TO_MPH, 6);
    expect(report.summary.moving_seconds).toBe(20 * 60);
  });
});
