import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { installationLeases, scheduledRounds } from '../db/schema';
import { PgBossQueue } from '../jobs/pg-boss-queue';
import { emptyPostgresDatabase } from '../test/machine-postgres';
import { InstallationLease } from './installation-lease';
import { LEASE_TEST_ROUND, LEASE_TEST_TIMES, type LeaseTestJobs } from './lease-test-round';

/**
 * Issue 40: work that runs once per installation, on the machine's PostgreSQL (several
 * processes share it): two holders contend and one holds; the holder is killed and another
 * takes over; every round of the schedule was queued once and ran once, with none missing.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const log = { warn: () => undefined, error: () => undefined };
let url: string;
let drop: () => Promise<void>;
const opened: Database[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ url, drop } = await emptyPostgresDatabase());
  const database = await open();
  await database.migrate();
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  for (const database of opened) await database.close();
  await drop();
});

/** A connection pool of its own, as another process would have. */
async function open() {
  const database = await openDatabase({ kind: 'postgres', url });
  opened.push(database);
  return database;
}

/** Waits for what the test waits for, looking again every 100 ms. */
async function until(done: () => Promise<boolean> | boolean) {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('the installation lease on PGlite', () => {
  it("is held at once by the one process, even over a killed predecessor's row", async () => {
    const database = await openDatabase({ kind: 'pglite' });
    opened.push(database);
    await database.migrate();
    await database.db.insert(installationLeases).values({
      name: 'scheduled-rounds',
      holder: 'a process killed a moment ago',
      expires_at: new Date(Date.now() + 60_000),
    });
    const lease = new InstallationLease(database, 'scheduled-rounds', log);
    await lease.start();
    expect(lease.held).toBe(true);
    await lease.stop();
  });
});

describe('the installation lease on PostgreSQL', { timeout: 120_000 }, () => {
  it('is held by one of two contenders, and by the other once the first gives it up', async () => {
    const times = { leaseMs: 2_000, renewEveryMs: 200 };
    const first = new InstallationLease(await open(), 'contended', log, times);
    const second = new InstallationLease(await open(), 'contended', log, times);
    await Promise.all([first.start(), second.start()]);
    expect([first.held, second.held].filter(Boolean)).toHaveLength(1);

    const [holder, other] = first.held ? [first, second] : [second, first];
    await holder.stop();
    await until(() => other.held);
    expect(holder.held).toBe(false);
    const [row] = await opened[0]!.db
      .select()
      .from(installationLeases)
      .where(eq(installationLeases.name, 'contended'));
    expect(row?.holder).toBe(other.holder);
    await other.stop();
  });

  it('passes to another process when its holder is killed: each round queued and run once', async () => {
    const database = await open();
    const rounds = () =>
      database.db.select().from(scheduledRounds).orderBy(asc(scheduledRounds.slot));

    // The first holder: a process that schedules the round every second and runs none.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/leases/round-holder.fixture.ts'],
      {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: url },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    children.push(child);
    let childOutput = '';
    child.stderr!.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
    await until(async () => (await rounds()).length >= 2 || child.exitCode !== null);
    expect(childOutput).toBe('');
    const killed = (await rounds())[0]!.holder;

    // This process contends for the same schedule and runs every round.
    const ran: string[] = [];
    const queue = new PgBossQueue<LeaseTestJobs>(database, log, LEASE_TEST_TIMES);
    await queue.work(LEASE_TEST_ROUND, async (job) => {
      ran.push(job.id);
    });
    await queue.schedule(LEASE_TEST_ROUND, '* * * * * *', {});
    const before = (await rounds()).length;
    await until(async () => (await rounds()).length >= before + 4);
    // While the first holder lives, it alone records rounds.
    expect(new Set((await rounds()).map((r) => r.holder))).toEqual(new Set([killed]));

    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    await until(async () => (await rounds()).filter((r) => r.holder !== killed).length >= 3);
    await queue.stop();
    // Rounds still queued when this process stopped run on its next start: here, now.
    const again = new PgBossQueue<LeaseTestJobs>(database, log, LEASE_TEST_TIMES);
    await again.work(LEASE_TEST_ROUND, async (job) => {
      ran.push(job.id);
    });
    await again.idle();
    await again.stop();

    const recorded = await rounds();
    const holders = [...new Set(recorded.map((r) => r.holder))];
    expect(holders).toHaveLength(2);
    expect(holders[0]).toBe(killed);
    // Never nowhere: a round for every second from the first to the last, across the handover.
    const seconds = recorded.map((r) => r.slot.getTime() / 1000);
    expect(seconds).toEqual(seconds.map((_, i) => seconds[0]! + i));
    // Never twice: each recorded round queued under its own id, and each ran exactly once.
    expect(recorded.every((r) => r.queued)).toBe(true);
    expect([...ran].sort()).toEqual(recorded.map((r) => r.job_id).sort());
  });
});
