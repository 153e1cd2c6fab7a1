import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import {
  currentPositions,
  deviceEvents,
  devices,
  geofenceVisits,
  unknownDevices,
} from '../db/schema';
import type { RawPosition } from '@waymark/domain';
import type { RealtimeMessage } from '@waymark/domain';
import {
  createAccount,
  createDevice,
  createGeofence,
  createTestApp,
  type TestApp,
} from '../test/test-app';
import { PositionPipeline, type PipelineOptions } from './pipeline';
import { RealtimeHub } from '../realtime/hub';

let t: TestApp;
let pipeline: PositionPipeline;
/** A pipeline of its own on the test app's database, bus and geofence indexes. */
const newPipeline = (options: PipelineOptions) =>
  new PositionPipeline({ ...t.ctx, geofences: t.ctx.geofenceIndexes, log: t.app.log }, options);
beforeAll(async () => {
  t = await createTestApp();
  pipeline = newPipeline({ maxDelayMs: 5 });
});
afterAll(() => t.close());

const fix = (
  serial: string,
  minute: number,
  lat: number,
  lng: number,
  over: Partial<RawPosition> = {},
): RawPosition => ({
  serial,
  deviceTime: new Date(Date.UTC(2026, 10, 21, 9, minute)),
  lat,
  lng,
  valid: true,
  fix: 'gps',
  speed: 50,
  speedUnit: 'kmh',
  ...over,
});

async function storedCount(deviceId: number) {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM positions WHERE device_id = ${deviceId}`,
  );
  return row!.n;
}

describe('PositionPipeline', () => {
  it('stores history, the current position, visits and events, then publishes', async () => {
    const account = await createAccount(t);
    const device = await createDevice(t, account, { name: 'Truck 1' });
    const depot = await createGeofence(t, account, {
      name: 'Chicago Depot',
      lat: 41.88,
      lng: -87.63,
      radius: 0.5,
    });
    const messages: RealtimeMessage[] = [];
    // What the api role's hub hears from the bus.
    const hub = new RealtimeHub(t.ctx.bus);
    hub.subscribe(`accounts.${account.id}.positions`, (m) => messages.push(m));
    hub.subscribe(`accounts.${account.id}.events`, (m) => messages.push(m));

    const result = await pipeline.submit(
      [
        fix(device.serial, 0, 41.95, -87.63, { battery: 30 }),
        fix(device.serial, 5, 41.881, -87.631, { battery: 25 }),
        fix(device.serial, 10, 41.8805, -87.6305, { battery: 15 }),
        fix(device.serial, 20, 42.0, -87.7, { battery: 14 }),
      ],
      'gt06',
    );
    expect(result).toEqual({ stored: 4, unknown: 0, refused: 0 });

    expect(await storedCount(device.id)).toBe(4);

    const [current] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, device.id));
    expect(current).toMatchObject({ lat: 42.0, lng: -87.7, battery: 14, geofence_ids: [] });
    expect(current!.address).toMatch(/^Near .*, IL, US$/);
    expect(current!.speed).toBeCloseTo(13.89, 1);
    expect(current!.odometer).toBeGreaterThan(15_000);

    const [visit] = await t.db
      .select()
      .from(geofenceVisits)
      .where(eq(geofenceVisits.device_id, device.id));
    expect(visit).toMatchObject({ geofence_id: depot.id });
    expect(visit!.entered_at.toISOString()).toBe('2026-11-21T09:05:00.000Z');
    expect(visit!.exited_at!.toISOString()).toBe('2026-11-21T09:20:00.000Z');

    const events = await t.db
      .select()
      .from(deviceEvents)
      .where(eq(deviceEvents.device_id, device.id))
      .orderBy(deviceEvents.id);
    expect(events.map((e) => e.description)).toEqual([
      'Truck 1 entered Chicago Depot',
      'Truck 1 battery is low (15%)',
      'Truck 1 exited Chicago Depot',
    ]);
    const [flags] = await t.db
      .select({ low: devices.low_battery })
      .from(devices)
      .where(eq(devices.id, device.id));
    expect(flags!.low).toBe(true);

    expect(messages.filter((m) => m.event === 'PositionUpdated')).toHaveLength(1);
    expect(messages.find((m) => m.event === 'PositionUpdated')!.data).toMatchObject({
      device_id: device.id,
      lat: 42.0,
    });
    expect(messages.filter((m) => m.event === 'DeviceEventCreated')).toHaveLength(3);
  });

  it('stores a late fix as history without moving the current position', async () => {
    const account = await createAccount(t);
    const device = await createDevice(t, account);
    await pipeline.submit([fix(device.serial, 30, 40.0, -90.0)], 'osmand');
    await pipeline.submit([fix(device.serial, 10, 40.5, -90.5)], 'osmand');
    const [current] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, device.id));
    expect(current).toMatchObject({ lat: 40.0, lng: -90.0 });
    expect(await storedCount(device.id)).toBe(2);
  });

  it("keeps a heartbeat's battery when the next fix reports none", async () => {
    const account = await createAccount(t);
    const device = await createDevice(t, account);
    const battery = async () =>
      (
        await t.db
          .select({ battery: currentPositions.battery })
          .from(currentPositions)
          .where(eq(currentPositions.device_id, device.id))
      )[0]!.battery;
    await pipeline.submit([fix(device.serial, 20, 40.0, -90.0, { battery: 80 })], 'gt06');
    await pipeline.submit([], 'gt06', undefined, [
      { serial: device.serial, time: new Date(Date.UTC(2026, 10, 21, 9, 20, 30)), battery: 40 },
    ]);
    expect(await battery()).toBe(40);
    // A fix without a battery (GT06 location packets carry none) leaves the heartbeat's.
    await pipeline.submit([fix(device.serial, 21, 40.001, -90.0)], 'gt06');
    expect(await battery()).toBe(40);
  });

  it('stores a resent position once, and the new ones sent with it', async () => {
    const account = await createAccount(t);
    const device = await createDevice(t, account);
    const report = fix(device.serial, 40, 39.0, -94.5);
    await pipeline.submit([report], 'teltonika');
    const again = await pipeline.submit(
      [report, fix(device.serial, 41, 39.01, -94.5, { attributes: { note: 'say "hi", twice' } })],
      'teltonika',
    );
    expect(again).toEqual({ stored: 2, unknown: 0, refused: 0 });
    expect(await storedCount(device.id)).toBe(2);
    const [newest] = await queryRows<{ attributes: unknown; address: string | null }>(
      t.db,
      sql`SELECT attributes, address FROM positions WHERE device_id = ${device.id}
        ORDER BY fix_time DESC LIMIT 1`,
    );
    expect(newest!.attributes).toEqual({ note: 'say "hi", twice' });
    expect(newest!.address).toMatch(/^Near .+, .+/);
  });

  it('builds each batch on the one before it while that one commits', async () => {
    const account = await createAccount(t);
    const device = await createDevice(t, account);
    const oneByOne = newPipeline({ maxBatch: 1 });
    // About 1.1 km apart, north to south: each batch's odometer adds to the one before.
    const results = await Promise.all(
      [39.0, 39.01, 39.02].map((lat, i) =>
        oneByOne.submit([fix(device.serial, 50 + i, lat, -94.5)], 'gt06'),
      ),
    );
    expect(results).toEqual([1, 1, 1].map((stored) => ({ stored, unknown: 0, refused: 0 })));
    expect(oneByOne.stats.batches).toBeGreaterThanOrEqual(2);
    const [current] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, device.id));
    expect(current!.lat).toBe(39.02);
    expect(current!.odometer).toBeGreaterThan(2200);
    expect(current!.odometer).toBeLessThan(2250);
  });

  it('acknowledges nothing it did not store when a commit fails, and takes a resend', async () => {
    const account = await createAccount(t);
    const doomed = await createDevice(t, account);
    const other = await createDevice(t, account);
    const oneByOne = newPipeline({ maxBatch: 1 });
    // The pipeline knows the tracker; then it is deleted, so its next batch cannot commit.
    await oneByOne.submit([fix(doomed.serial, 1, 39.0, -94.5)], 'gt06');
    await t.db.delete(devices).where(eq(devices.id, doomed.id));
    const [failed, next] = await Promise.allSettled([
      oneByOne.submit([fix(doomed.serial, 2, 39.01, -94.5)], 'gt06'),
      oneByOne.submit([fix(other.serial, 3, 38.6, -90.2)], 'gt06'),
    ]);
    expect(failed.status).toBe('rejected');
    // The batch after it may have been prepared on the failed one's states: then it is refused
    // too. Either way, what was acknowledged is stored and what was refused is not.
    expect(await storedCount(other.id)).toBe(next.status === 'fulfilled' ? 1 : 0);
    const resent = await oneByOne.submit([fix(other.serial, 3, 38.6, -90.2)], 'gt06');
    expect(resent).toEqual({ stored: 1, unknown: 0, refused: 0 });
    expect(await storedCount(other.id)).toBe(1);
  });

  it('counts reports from unknown serials and stores nothing for them', async () => {
    const result = await pipeline.submit(
      [fix('999000111222333', 1, 41, -87), fix('999000111222333', 2, 41, -87)],
      'gt06',
      '203.0.113.9',
    );
    expect(result).toEqual({ stored: 0, unknown: 2, refused: 0 });
    const [row] = await t.db
      .select()
      .from(unknownDevices)
      .where(eq(unknownDevices.serial, '999000111222333'));
    expect(row).toMatchObject({ reports: 2, protocol: 'gt06', remote_address: '203.0.113.9' });
  });

  it('batches concurrent submissions into one transaction and answers each', async () => {
    const account = await createAccount(t);
    const a = await createDevice(t, account);
    const b = await createDevice(t, account);
    const before = pipeline.stats.batches;
    const results = await Promise.all([
      pipeline.submit([fix(a.serial, 1, 38.6, -90.2)], 'gt06'),
      pipeline.submit([fix(b.serial, 1, 39.1, -94.6), fix(b.serial, 2, 39.11, -94.6)], 'gt06'),
    ]);
    expect(results).toEqual([
      { stored: 1, unknown: 0, refused: 0 },
      { stored: 2, unknown: 0, refused: 0 },
    ]);
    expect(pipeline.stats.batches - before).toBe(1);
  });

  it('keeps SOS and overspeed raised by a fix in the middle of a batch (a tracker sending its buffer)', async () => {
    const account = await createAccount(t);
    const device = await createDevice(t, account);
    await pipeline.submit(
      [
        fix(device.serial, 1, 38.6, -90.2),
        fix(device.serial, 2, 38.61, -90.2, { alarm: 'sos' }),
        fix(device.serial, 3, 38.62, -90.2, { alarm: 'overspeed' }),
        fix(device.serial, 4, 38.63, -90.2),
      ],
      'teltonika',
    );
    const [flags] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(flags).toMatchObject({ sos: true, overspeed: true });
  });

  it('applies heartbeats with the batch: flags, SOS latched, battery of the current position', async () => {
    const account = await createAccount(t);
    const device = await createDevice(t, account);
    await pipeline.submit([fix(device.serial, 1, 38.6, -90.2, { battery: 80 })], 'gt06');
    const time = new Date(Date.UTC(2026, 10, 21, 9, 5));
    const heartbeat = (over: object) => ({ serial: device.serial, time, ...over });
    const result = await pipeline.submit([], 'gt06', undefined, [
      heartbeat({ battery: 50, charging: true, alarm: 'sos' }),
      heartbeat({ battery: 12 }),
    ]);
    expect(result).toEqual({ stored: 0, unknown: 0, refused: 0 });
    const [flags] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(flags).toMatchObject({ charging: true, low_battery: true, sos: true });
    const [current] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, device.id));
    expect(current!.battery).toBe(12);
  });
});
