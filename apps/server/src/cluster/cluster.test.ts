import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../db/client';
import { emptyPostgresDatabase, MACHINE_NATS_URL } from '../test/machine-postgres';
import { drive } from '../test/drives';
import { createAccount, createDevice } from '../test/test-app';
import { freePort } from '../test/server-process';
import { QUIET } from '../test/role-process';

/**
 * Issue 40: `npm run cluster` starts a set of processes on one machine, as an operator runs
 * it (its output, its exit code, the processes it leaves): one start-up message, a process
 * that dies started again, all of them stopped by one SIGTERM.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  for (const drop of drops) await drop();
});

function startCluster(args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cluster/cluster-main.ts', ...args],
    {
      cwd: serverDir,
      env: { ...process.env, ...QUIET, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  children.push(child);
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.filter((w) => output.includes(w.text))) waiter.resolve();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    exited,
    output: () => output,
    /** Resolves once the output holds `text`, or rejects when the cluster exits first. */
    until: (text: string) =>
      Promise.race([
        new Promise<void>((resolve) => {
          waiters.push({ text, resolve });
          if (output.includes(text)) resolve();
        }),
        exited.then(() => {
          if (!output.includes(text)) throw new Error(`exited before "${text}":\n${output}`);
        }),
      ]),
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run cluster', { timeout: 240_000 }, () => {
  it('refuses to start without a shared database and bus, saying what to set', async () => {
    const cluster = startCluster(['--api', '2'], {});
    expect(await cluster.exited).toBe(2);
    expect(cluster.output()).toContain(
      'set DATABASE_URL (a postgres:// URL) and BUS_URL (a nats:// URL)',
    );
  });

  it('refuses a count that is not a number of processes', async () => {
    const cluster = startCluster(['--worker', 'many'], {});
    expect(await cluster.exited).toBe(2);
    expect(cluster.output()).toContain('--worker must be a whole number of processes');
  });

  it('starts the set with one message, starts a killed process again, stops all on SIGTERM', async () => {
    const database = await emptyPostgresDatabase();
    drops.push(database.drop);
    const port = await freePort();
    const cluster = startCluster(['--api', '2', '--ingest', '1', '--worker', '1'], {
      DATABASE_URL: database.url,
      BUS_URL: MACHINE_NATS_URL,
      BUS_SUBJECT_PREFIX: `cluster_${randomBytes(4).toString('hex')}`,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
    });
    await cluster.until('Processes:');
    const banner = cluster.output();
    expect(banner).toContain(
      `Waymark is running at http://127.0.0.1:${port} (database: postgres, bus: NATS)`,
    );
    expect(banner).toContain('No platform admin yet.');
    const apiPids = /2 api \(pid (\d+), (\d+)\)/.exec(banner)!.slice(1).map(Number);
    const workerPid = Number(/1 worker \(pid (\d+)\)/.exec(banner)![1]);
    const ingestPid = Number(/1 ingest \(pid (\d+)\)/.exec(banner)![1]);
    expect(apiPids.every(alive) && alive(workerPid) && alive(ingestPid)).toBe(true);
    // Both api processes serve the one port.
    for (let i = 0; i < 4; i++)
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    process.kill(apiPids[0]!, 'SIGKILL');
    await cluster.until(`api process ${apiPids[0]} exited on SIGKILL; starting another in 1 s`);
    await cluster.until('serving again');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const replacement = Number(/api process (\d+) serving again/.exec(cluster.output())![1]);
    expect(alive(replacement)).toBe(true);

    process.kill(cluster.child.pid!, 'SIGTERM');
    expect(await cluster.exited).toBe(0);
    expect([apiPids[1]!, workerPid, ingestPid, replacement].filter(alive)).toEqual([]);
  });

  it('loses nothing acknowledged when an ingest process is killed: its trackers reconnect to the other', async () => {
    const database = await emptyPostgresDatabase();
    drops.push(database.drop);
    const cluster = startCluster(['--api', '0', '--ingest', '2', '--worker', '1'], {
      DATABASE_URL: database.url,
      BUS_URL: MACHINE_NATS_URL,
      BUS_SUBJECT_PREFIX: `cluster_${randomBytes(4).toString('hex')}`,
    });
    await cluster.until('Processes:');
    const banner = cluster.output();
    const ingestPids = /2 ingest \(pid (\d+), (\d+)\)/.exec(banner)!.slice(1).map(Number);
    const osmand = Number(/OsmAnd\/Traccar Client http :(\d+)/.exec(banner)![1]);

    const db = await openDatabase({ kind: 'postgres', url: database.url });
    const account = await createAccount({ db: db.db });
    const trackers: { id: number; serial: string }[] = [];
    for (let i = 0; i < 3; i++) trackers.push(await createDevice({ db: db.db }, account));
    const tracks = trackers.map((d, i) =>
      drive(d.serial, Date.UTC(2026, 10, 30, 10), [{ minutes: 40, kmh: 30 + i * 10 }]),
    );
    const total = tracks.reduce((n, t) => n + t.length, 0);
    let acknowledged = 0;
    // The trackers' connections are dealt to both ingest processes by the cluster's primary;
    // one process is killed a third of the way in, and its trackers connect again.
    const send = async (track: ReturnType<typeof drive>) => {
      for (const fix of track) {
        const query =
          `?id=${fix.serial}&lat=${fix.lat}&lon=${fix.lng}` +
          `&timestamp=${fix.deviceTime.getTime() / 1000}&speed=${fix.speed! / 1.852}`;
        for (;;) {
          // A request caught in the killed process is given up and sent again.
          const status = await fetch(`http://127.0.0.1:${osmand}/${query}`, {
            signal: AbortSignal.timeout(5000),
          }).then(
            (r) => r.status,
            () => 0,
          );
          if (status === 200) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        if (++acknowledged === Math.floor(total / 3)) process.kill(ingestPids[0]!, 'SIGKILL');
      }
    };
    await Promise.all(tracks.map(send));
    await cluster.until(`ingest process ${ingestPids[0]} exited on SIGKILL`);

    const count = async (what: string) =>
      Number(
        (
          await queryRows<{ n: string }>(
            db.db,
            sql.raw(
              `SELECT count(${what}) AS n FROM positions WHERE device_id IN (${trackers
                .map((d) => d.id)
                .join(',')})`,
            ),
          )
        )[0]!.n,
      );
    for (let i = 0; i < 200 && (await count('*')) < total; i++)
      await new Promise((r) => setTimeout(r, 250));
    expect(await count('*')).toBe(total);
    expect(await count('DISTINCT (device_id, fix_time)')).toBe(total);
    await db.close();
    process.kill(cluster.child.pid!, 'SIGTERM');
    expect(await cluster.exited).toBe(0);
  });
});
