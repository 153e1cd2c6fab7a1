import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RawPosition } from '@waymark/domain';
import { queryRows } from '../db/client';
import { timezones } from '../db/schema';
import { greatCircle, parkDrivePark } from '../test/drives';
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
});
