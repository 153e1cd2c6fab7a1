import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import {
  accountMemberships,
  accounts,
  currentPositions,
  deviceEvents,
  devices,
  geofenceVisits,
  users,
} from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemo } from './demo';
import { distanceMetres } from '@waymark/domain';
import { generateHistory } from '@waymark/simulator/trips/history';
import {
  DEMO_UNPROVISIONED,
  DEMO_PARKED_SERIALS,
  demoHistoryFrom,
  demoSimulatorDevices,
  seedDemoFleet,
  thinOlderHistory,
} from './demo-fleet';
import { DEMO_SIM_SUNSET_TRACKERS, DEMO_SPARE_SIMS } from './demo-sims';
import {
  eligibleDeviceRows,
  spareSimRows,
} from '../modules/sim-replacement/sim-replacement.queries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  await seedDemoFleet(t.ctx.database, t.ctx.pipeline, t.app.log);
}, 300_000);
afterAll(() => t.close());

describe('the demo fleet', () => {
  it('has a Mobile 200 and a Car Charger due for a SIM replacement, and spare cards', async () => {
    const [logistics] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.title, 'Demo Logistics'));
    const scope = {
      id: logistics!.id,
      role: 'admin' as const,
      full_device_access: true,
      device_ids: [],
      group_ids: [],
    };
    const due = await eligibleDeviceRows(t.db, scope);
    expect(due.map((d) => d.name).sort()).toEqual([...DEMO_SIM_SUNSET_TRACKERS].sort());
    expect(new Set(due.map((d) => d.model.device_type))).toEqual(new Set(['ll02', 'vl501']));
    const spares = await spareSimRows(t.db, logistics!.id);
    expect(spares.length).toBe(DEMO_SPARE_SIMS.length);
  });

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

  it('has trips and daily summaries of its 90 days from the first start', async () => {
    const [made] = await queryRows<{ trips: number; trackers: number; days: number }>(
      t.db,
      sql`SELECT count(*)::int AS trips, count(DISTINCT device_id)::int AS trackers,
        (SELECT count(DISTINCT day)::int FROM daily_summaries) AS days FROM trips`,
    );
    expect(made!.trips).toBeGreaterThan(100);
    expect(made!.trackers).toBeGreaterThan(30);
    expect(made!.days).toBeGreaterThanOrEqual(89);
    // The busiest tracker's days add up to the great-circle sum over its accepted GPS fixes.
    const [busiest] = await queryRows<{ device_id: number; distance: number }>(
      t.db,
      sql`SELECT device_id, sum(distance) AS distance FROM daily_summaries
        GROUP BY device_id ORDER BY sum(distance) DESC LIMIT 1`,
    );
    const fixes = await queryRows<{ lat: number; lng: number }>(
      t.db,
      sql`SELECT lat, lng FROM positions WHERE device_id = ${busiest!.device_id}
        AND filter_reason IS NULL AND fix <> 'cell' ORDER BY fix_time`,
    );
    const path = fixes
      .slice(1)
      .reduce((sum, f, i) => sum + distanceMetres(fixes[i]!.lat, fixes[i]!.lng, f.lat, f.lng), 0);
    expect(Math.abs(busiest!.distance - path) / path).toBeLessThan(0.02);
  });

  it('gives the viewer five trackers and the simulator the reporting ones', async () => {
    const [viewer] = await t.db
      .select({ ids: accountMemberships.device_ids })
      .from(accountMemberships)
      .innerJoin(users, eq(users.id, accountMemberships.user_id))
      .where(eq(users.email, 'viewer@demo.test'));
    expect(viewer!.ids).toHaveLength(5);
    const live = await demoSimulatorDevices(t.ctx.database);
    // 59 reporting trackers (not the parked one) and the two unprovisioned serials.
    expect(live.length).toBe(61);
    expect(live.map((d) => d.serial)).not.toEqual(expect.arrayContaining([...DEMO_PARKED_SERIALS]));
    expect(live.map((d) => d.serial)).toEqual(
      expect.arrayContaining(DEMO_UNPROVISIONED.map((d) => d.serial)),
    );
    expect(new Set(live.map((d) => d.protocol))).toEqual(new Set(['osmand', 'gt06', 'teltonika']));
  });

  it('ends each history where the live simulator goes on, and filters none of it', async () => {
    // The simulator continues each vehicle from demoHistoryFrom (demo-simulator.ts): its next
    // fix after the stored one must be a drive away, not another place (issue 35 item 4).
    const from = (await demoHistoryFrom(t.ctx.database))!;
    const rows = await queryRows<{
      serial: string;
      fix_time: Date | string;
      lat: number;
      lng: number;
    }>(
      t.db,
      sql`SELECT d.serial, c.fix_time, c.lat, c.lng FROM current_positions c
          JOIN devices d ON d.id = c.device_id ORDER BY d.id LIMIT 12`,
    );
    for (const row of rows) {
      const last = new Date(row.fix_time).getTime();
      const next = generateHistory(row.serial, from, new Date(last + 6 * 3_600_000)).find(
        (f) => f.time.getTime() > last,
      )!;
      const kmh =
        distanceMetres(row.lat, row.lng, next.lat, next.lng) /
        1000 /
        ((next.time.getTime() - last) / 3_600_000);
      expect(kmh, row.serial).toBeLessThan(150);
    }
    const [filtered] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM positions WHERE filter_reason IS NOT NULL`,
    );
    expect(filtered!.n).toBe(0);
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
