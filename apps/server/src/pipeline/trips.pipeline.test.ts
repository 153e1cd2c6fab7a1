import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RawPosition } from '@waymark/domain';
import { queryRows } from '../db/client';
import { timezones } from '../db/schema';
import { drive, FIX_EVERY_MS, greatCircle, parkDrivePark } from '../test/drives';
import { createAccount, createDevice, createTestApp, type TestApp } from '../test/test-app';
import { PositionPipeline } from './pipeline';

/**
 * Trips, stops and daily summaries as the pipeline keeps them: a drive sent as a device sends
 * it, checked against a plain great-circle sum over the same fixes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newPipeline = () =>
  new PositionPipeline(
    { ...t.ctx, geofences: t.ctx.geofenceIndexes, log: t.app.log },
    { maxDelayMs: 2 },
  );

async function chicagoAccount() {
  const [zone] = await t.db
    .select({ id: timezones.id })
    .from(timezones)
    .where(eq(timezones.identifier, 'America/Chicago'));
  return createAccount(t, { timezone_id: zone!.id });
}

async function submitInBatches(pipeline: PositionPipeline, fixes: RawPosition[], size: number) {
  for (let i = 0; i < fixes.length; i += size)
    await pipeline.submit(fixes.slice(i, i + size), 'gt06');
}

describe('trips in the pipeline', () => {
  it('a park, a 20 km drive and a park are one stored trip and one day of 20 km', async () => {
    const account = await chicagoAccount();
    const device = await createDevice(t, account);
    const start = Date.parse('2026-11-10T15:00:00Z');
    const fixes = parkDrivePark(device.serial, start, 20, 60);
    await submitInBatches(newPipeline(), fixes, 25);

    const trips = await queryRows<{ distance: number; driving_s: number; max_speed: number }>(
      t.db,
      sql`SELECT distance, driving_s, max_speed FROM trips WHERE device_id = ${device.id}`,
    );
    expect(trips).toHaveLength(1);
    const drive = greatCircle(fixes.slice(29, 71));
    expect(Math.abs(trips[0]!.distance - drive) / drive).toBeLessThan(0.02);
    expect(trips[0]!.driving_s).toBe(20 * 60);
    expect(trips[0]!.max_speed * 3.6).toBeCloseTo(60, 0);

    const [day] = await queryRows<{ day: string; distance: number; stops: number }>(
      t.db,
      sql`SELECT day::text, distance, stops FROM daily_summaries WHERE device_id = ${device.id}`,
    );
    // 09:00 in Chicago on Nov 10.
    expect(day!.day).toBe('2026-11-10');
    expect(Math.abs(day!.distance - greatCircle(fixes)) / greatCircle(fixes)).toBeLessThan(0.02);
    expect(day!.stops).toBe(2);
    const stops = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM device_stops WHERE device_id = ${device.id}`,
    );
    expect(stops[0]!.n).toBe(1);
  });

  it('a restart mid-drive continues the same trip from the stored state', async () => {
    const account = await chicagoAccount();
    const device = await createDevice(t, account);
    const fixes = parkDrivePark(device.serial, Date.parse('2026-11-11T15:00:00Z'), 20, 60);
    const first = newPipeline();
    await submitInBatches(first, fixes.slice(0, 50), 10);
    first.close();
    await submitInBatches(newPipeline(), fixes.slice(50), 10);

    const trips = await queryRows<{ distance: number; start_time: Date }>(
      t.db,
      sql`SELECT distance, start_time FROM trips WHERE device_id = ${device.id}`,
    );
    expect(trips).toHaveLength(1);
    const drive = greatCircle(fixes.slice(29, 71));
    expect(Math.abs(trips[0]!.distance - drive) / drive).toBeLessThan(0.02);
  });

  it('a resent batch adds nothing to the day', async () => {
    const account = await chicagoAccount();
    const device = await createDevice(t, account);
    const fixes = parkDrivePark(device.serial, Date.parse('2026-11-12T15:00:00Z'), 10, 50);
    const pipeline = newPipeline();
    await submitInBatches(pipeline, fixes, 20);
    const before = await queryRows<{ distance: number; driving_s: number }>(
      t.db,
      sql`SELECT distance, driving_s FROM daily_summaries WHERE device_id = ${device.id}`,
    );
    await submitInBatches(pipeline, fixes.slice(20, 60), 20);
    const after = await queryRows<{ distance: number; driving_s: number }>(
      t.db,
      sql`SELECT distance, driving_s FROM daily_summaries WHERE device_id = ${device.id}`,
    );
    expect(after).toEqual(before);
  });

  it('an engine-off report sent as a cell fix ends the idling: the parked time is not idle', async () => {
    const account = await chicagoAccount();
    const device = await createDevice(t, account);
    const start = Date.parse('2026-11-13T15:00:00Z');
    const engineOn = (fixes: RawPosition[]) => fixes.map((f) => ({ ...f, ignition: true }));
    const first = engineOn(drive(device.serial, start, [{ minutes: 10, kmh: 60 }]));
    const parkedAt = first.at(-1)!;
    // The engine-off report: a cell fix 30 s after the last GPS fix, 500 m off (the tower's).
    const off: RawPosition = {
      serial: device.serial,
      deviceTime: new Date(parkedAt.deviceTime.getTime() + FIX_EVERY_MS),
      lat: parkedAt.lat + 0.0045,
      lng: parkedAt.lng,
      valid: true,
      fix: 'cell',
      accuracy: 1500,
      ignition: false,
    };
    // Parked under a roof: one more cell fix 10 min later, nothing else for 40 min (under the
    // segmentation's one-hour gap); then a 5 min warm-up on the spot and a second drive.
    const parked = { ...off, deviceTime: new Date(off.deviceTime.getTime() + 10 * 60_000) };
    const restart = off.deviceTime.getTime() + 40 * 60_000 - FIX_EVERY_MS;
    const second = engineOn(
      drive(
        device.serial,
        restart,
        [
          { minutes: 5, kmh: 0 },
          { minutes: 10, kmh: 60 },
        ],
        parkedAt,
      ),
    );
    await submitInBatches(newPipeline(), [...first, off, parked, ...second], 10);

    const [day] = await queryRows<{ idle_s: number; driving_s: number; trips: number }>(
      t.db,
      sql`SELECT idle_s, driving_s, trips FROM daily_summaries WHERE device_id = ${device.id}`,
    );
    // By hand: the warm-up is 10 fixes 30 s apart, all standing with the engine on; idle is the
    // 9 hops between them (270 s). The hop into its first fix comes from the engine-off cell fix,
    // and the hop out of its last is driving. With the cell fixes left out, as before, the 40
    // min parked were idle too (2,700 s).
    expect(day!.idle_s).toBe(270);
    // 20 fixes of each drive at 60 km/h, less the first hop of the first (the tracker's first
    // fix has no hop before it): 39 hops of 30 s.
    expect(day!.driving_s).toBe(39 * 30);
    const trips = await queryRows<{ distance: number; end_time: Date }>(
      t.db,
      sql`SELECT distance, end_time FROM trips WHERE device_id = ${device.id} ORDER BY start_time`,
    );
    // The cell fix ends the first trip where it was reported, and adds no distance.
    expect(new Date(trips[0]!.end_time).getTime()).toBe(off.deviceTime.getTime());
    const drove = greatCircle(first);
    expect(Math.abs(trips[0]!.distance - drove) / drove).toBeLessThan(0.02);
  });
});
