import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import {
  accountMemberships,
  currentPositions,
  deviceEvents,
  devices,
  geofenceVisits,
  users,
} from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemo } from './demo';
import { demoSimulatorDevices, seedDemoFleet, thinOlderHistory } from './demo-fleet';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  await seedDemoFleet(t.ctx.database, t.ctx.pipeline, t.app.log);
}, 120_000);
afterAll(() => t.close());

describe('the demo fleet', () => {
  it('has 63 trackers with 90 days of history that went through the pipeline steps', async () => {
    const [{ n } = { n: 0 }] = await t.db.select({ n: count() }).from(devices);
    expect(n).toBe(63);
    const [span] = await queryRows<{ days: number; rows: number }>(
      t.db,
      sql`SELECT (extract(epoch FROM max(fix_time) - min(fix_time)) / 86400)::int AS days, count(*)::int AS rows FROM positions`,
    );
    expect(span!.days).toBeGreaterThanOrEqual(89);
    expect(span!.rows).toBeGreaterThan(50_000);
    const [{ n: visits } = { n: 0 }] = await t.db.select({ n: count() }).from(geofenceVisits);
    expect(visits).toBeGreaterThan(0);
    const [{ n: events } = { n: 0 }] = await t.db.select({ n: count() }).from(deviceEvents);
    expect(events).toBeGreaterThan(0);
    const [{ n: current } = { n: 0 }] = await t.db.select({ n: count() }).from(currentPositions);
    // Provisioned (pending) trackers have not reported.
    expect(current).toBe(62);
  });

  it('gives the viewer five trackers and the simulator the reporting ones', async () => {
    const [viewer] = await t.db
      .select({ ids: accountMemberships.device_ids })
      .from(accountMemberships)
      .innerJoin(users, eq(users.id, accountMemberships.user_id))
      .where(eq(users.email, 'viewer@demo.test'));
    expect(viewer!.ids).toHaveLength(5);
    const live = await demoSimulatorDevices(t.ctx.database);
    expect(live.length).toBe(60);
    expect(new Set(live.map((d) => d.protocol))).toEqual(new Set(['osmand', 'gt06', 'teltonika']));
  });
});

describe('thinOlderHistory', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const fix = (minutesAgo: number, speedKmh: number) => ({
    time: new Date(now.getTime() - minutesAgo * 60_000),
    lat: 40,
    lng: -90,
    speedKmh,
    course: 0,
    altitude: 0,
    fix: 'gps' as const,
    accuracy: 5,
    satellites: 8,
    battery: 50,
    charging: false,
    ignition: speedKmh > 0,
  });

  it('keeps every recent fix and fewer old ones, but every start and stop', () => {
    const old = 10 * 24 * 60;
    const fixes = [
      fix(old, 80),
      fix(old - 3, 80),
      fix(old - 6, 80),
      fix(old - 9, 0), // stops: kept
      fix(old - 40, 0),
      fix(old - 200, 0), // two hours parked: kept
      fix(30, 50),
      fix(29, 50),
    ];
    const kept = thinOlderHistory(fixes, now).map(
      (f) => (now.getTime() - f.time.getTime()) / 60_000,
    );
    expect(kept).toEqual([old, old - 9, old - 200, 30, 29]);
  });
});
