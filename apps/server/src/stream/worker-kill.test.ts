import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { RawPosition } from '@waymark/domain';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../db/client';
import { emptyPostgresDatabase, MACHINE_NATS_URL } from '../test/machine-postgres';
import { bannerPort, killRoleProcesses, startRole, stopRole } from '../test/role-process';
import { createAccount, createDevice, createTestApp } from '../test/test-app';
import { parkDrivePark } from '../test/drives';

/**
 * Issue 40: the position stream keeps its promise across a crash. Trackers report to an
 * ingest process while the only worker is killed with SIGKILL and started again: every report
 * the ingest process acknowledged is stored exactly once, and the trips and daily summaries
 * are those of one process that got the same fixes.
 */

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  killRoleProcesses();
  for (const drop of drops) await drop();
});

const TRACKERS = 4;
const START = Date.UTC(2026, 10, 30, 14, 0, 0);

/** A fix as the OsmAnd protocol sends it; 200 is the acknowledgement. */
const osmandQuery = (fix: RawPosition) =>
  `?id=${fix.serial}&lat=${fix.lat}&lon=${fix.lng}&timestamp=${fix.deviceTime.getTime() / 1000}` +
  `&speed=${(fix.speed ?? 0) / 1.852}`;

type Row = Record<string, unknown>;
const idList = (ids: number[]) => sql.raw(ids.map((id) => String(Math.trunc(id))).join(','));
const tripsOf = (db: Db, ids: number[]) =>
  queryRows<Row>(
    db,
    sql`SELECT d.serial, t.start_time, t.end_time, round(t.distance::numeric, 1) AS distance,
            t.driving_s, t.idle_s, round(t.max_speed::numeric, 1) AS max_speed
       FROM trips t JOIN devices d ON d.id = t.device_id
      WHERE t.device_id IN (${idList(ids)}) ORDER BY d.serial, t.start_time`,
  );
const summariesOf = (db: Db, ids: number[]) =>
  queryRows<Row>(
    db,
    sql`SELECT d.serial, s.day::text AS day, round(s.distance::numeric, 1) AS distance,
            s.driving_s, s.stops, s.first_fix, s.last_fix
       FROM daily_summaries s JOIN devices d ON d.id = s.device_id
      WHERE s.device_id IN (${idList(ids)}) ORDER BY d.serial, s.day`,
  );

describe('the position stream across a worker killed mid-stream', { timeout: 240_000 }, () => {
  it('stores every acknowledged report once, with the trips of a one-process run', async () => {
    const database = await emptyPostgresDatabase();
    drops.push(database.drop);
    const shared = {
      DATABASE_URL: database.url,
      BUS_URL: MACHINE_NATS_URL,
      BUS_SUBJECT_PREFIX: `kill_${randomBytes(4).toString('hex')}`,
    };
    let worker = await startRole(['--role', 'worker'], shared, 'is running');
    expect(worker.output).toContain('Waymark (worker) is running');
    const ingest = await startRole(['--role', 'ingest'], shared, 'is running');
    const osmand = bannerPort(ingest.output, /OsmAnd\/Traccar Client http/);

    const db = await openDatabase({ kind: 'postgres', url: database.url });
    const account = await createAccount({ db: db.db });
    const devices = [];
    for (let i = 0; i < TRACKERS; i++) devices.push(await createDevice({ db: db.db }, account));
    const fixes = devices.map((d, i) => parkDrivePark(d.serial, START, 20 + i * 5, 50 + i * 10));
    const total = fixes.reduce((n, f) => n + f.length, 0);

    // Each tracker sends its fixes in order, the next once the last was acknowledged.
    let acknowledged = 0;
    let killed: Promise<void> | undefined;
    const send = async (track: RawPosition[]) => {
      for (const fix of track) {
        for (;;) {
          const answer = await fetch(`http://127.0.0.1:${osmand}/${osmandQuery(fix)}`);
          if (answer.status === 200) break;
        }
        acknowledged++;
        // A third of the way in, the worker dies; it comes back while trackers still report.
        if (acknowledged === Math.floor(total / 3)) {
          killed = (async () => {
            await stopRole(worker.child, 'SIGKILL');
            worker = await startRole(['--role', 'worker'], shared, 'is running');
          })();
        }
      }
    };
    await Promise.all(fixes.map(send));
    await killed;
    expect(acknowledged).toBe(total);

    const ids = devices.map((d) => d.id);
    const stored = async () =>
      Number(
        (
          await queryRows<{ n: string }>(
            db.db,
            sql`SELECT count(*) AS n FROM positions WHERE device_id IN (${idList(ids)})`,
          )
        )[0]!.n,
      );
    const deadline = Date.now() + 60_000;
    while ((await stored()) < total && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    // Settled: nothing more arrives after the last report is in.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stored()).toBe(total);
    const distinct = await queryRows<{ n: string }>(
      db.db,
      sql`SELECT count(DISTINCT (device_id, fix_time)) AS n FROM positions
           WHERE device_id IN (${idList(ids)})`,
    );
    expect(Number(distinct[0]!.n)).toBe(total);

    // One process, the same fixes, in the same order per tracker.
    const alone = await createTestApp();
    const aloneAccount = await createAccount(alone);
    const aloneIds = [];
    for (const d of devices)
      aloneIds.push((await createDevice(alone, aloneAccount, { serial: d.serial })).id);
    await Promise.all(
      fixes.map(async (track) => {
        for (const fix of track) await alone.ctx.pipeline.submit([fix], 'osmand');
      }),
    );
    await alone.ctx.pipeline.flush();
    const expectedTrips = await tripsOf(alone.db, aloneIds);
    expect(expectedTrips.length).toBe(TRACKERS);
    expect(await tripsOf(db.db, ids)).toEqual(expectedTrips);
    expect(await summariesOf(db.db, ids)).toEqual(await summariesOf(alone.db, aloneIds));
    await alone.close();
    await db.close();
    await Promise.all([stopRole(worker.child), stopRole(ingest.child)]);
  });
});
