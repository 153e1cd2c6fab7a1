import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, MACHINE_NATS_URL } from '../test/machine-postgres';
import { freePort, LISTENERS_ON_FREE_PORTS } from '../test/server-process';

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

const QUIET = {
  ...LISTENERS_ON_FREE_PORTS,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  DEMO_SIMULATOR: 'false',
  NODE_ENV: 'production',
  DATABASE_URL: '',
  BUS_URL: '',
  ROLES: '',
};

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
});
