import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from '../db/client';
import { createAccount, createDevice, createUser, TEST_PASSWORD } from '../test/test-app';
import { emptyPostgresDatabase, MACHINE_NATS_URL } from '../test/machine-postgres';
import { freePort, LISTENERS_ON_FREE_PORTS } from '../test/server-process';

/**
 * Issue 40: `--role` starts part of Waymark, started as an operator would start it (the
 * process's own output and exit code); split roles refuse to start without a shared
 * PostgreSQL and NATS.
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

/** Starts main.ts with `args`; resolves with its output once `until` shows or it exits. */
function start(args: string[], env: Record<string, string>, until: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...QUIET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  return new Promise<{ child: ChildProcess; code: number | null; output: string }>((resolve) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(until)) resolve({ child, code: null, output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => resolve({ child, code, output }));
  });
}

function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  return exited;
}

/** True when something accepts connections on the port. */
function listening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
  }).finally(() => undefined);
}

describe('split roles', { timeout: 240_000 }, () => {
  it('refuses to start a role alone without a shared database and bus, saying what to set', async () => {
    const run = await start(['--role', 'worker'], {}, 'never');
    expect(run.code).toBe(2);
    expect(run.output).toContain(
      '--role="worker" runs part of Waymark, so the processes must share a database and a bus: ' +
        'set DATABASE_URL (a postgres:// URL) and BUS_URL (a nats:// URL), or run all roles in one process (no --role).',
    );
  });

  it('runs an api process without a pipeline and a worker process without HTTP', async () => {
    const database = await emptyPostgresDatabase();
    drops.push(database.drop);
    const shared = {
      DATABASE_URL: database.url,
      BUS_URL: MACHINE_NATS_URL,
      BUS_SUBJECT_PREFIX: `roles_${randomBytes(4).toString('hex')}`,
    };
    const workerPort = await freePort();
    const worker = await start(
      ['--role', 'worker'],
      { ...shared, PORT: String(workerPort) },
      'is running',
    );
    expect(worker.output).toContain('Waymark (worker) is running (database: postgres, bus: NATS)');
    expect(await listening(workerPort)).toBe(false);

    const apiPort = await freePort();
    const api = await start(
      [],
      { ...shared, ROLES: 'api', PORT: String(apiPort), APP_URL: `http://127.0.0.1:${apiPort}` },
      'is running',
    );
    expect(api.output).toContain('Waymark (api) is running (database: postgres, bus: NATS)');
    const health = await fetch(`http://127.0.0.1:${apiPort}/api/health`);
    expect(health.status).toBe(200);
    // JSON ingest needs a pipeline in the process: the api role alone has none.
    const ingest = await fetch(`http://127.0.0.1:${apiPort}/api/ingest/positions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ positions: [] }),
    });
    expect(ingest.status).toBe(404);
    await Promise.all([stop(worker.child), stop(api.child)]);
  });

  it('carries a position from an ingest,worker process to a websocket of an api process', async () => {
    const database = await emptyPostgresDatabase();
    drops.push(database.drop);
    const shared = {
      DATABASE_URL: database.url,
      BUS_URL: MACHINE_NATS_URL,
      BUS_SUBJECT_PREFIX: `roles_${randomBytes(4).toString('hex')}`,
    };
    // First and alone: it migrates the new database.
    const ingest = await start(['--role', 'ingest,worker'], shared, 'is running');
    expect(ingest.output).toContain('Waymark (ingest, worker) is running');
    const osmandPort = /OsmAnd\/Traccar Client http :(\d+)/.exec(ingest.output)?.[1];
    expect(osmandPort).toBeDefined();
    const apiPort = await freePort();
    const api = await start(['--role', 'api'], { ...shared, PORT: String(apiPort) }, 'is running');

    const db = await openDatabase({ kind: 'postgres', url: database.url });
    const t = { db: db.db };
    const account = await createAccount(t);
    const user = await createUser(t, { account, role: 'admin' });
    const device = await createDevice(t, account);
    await db.close();

    const login = await fetch(`http://127.0.0.1:${apiPort}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { token: string } };
    const ws = new WebSocket(`ws://127.0.0.1:${apiPort}/api/realtime`, {
      headers: { authorization: `Bearer ${data.token}` },
    });
    const messages: { type: string; [key: string]: unknown }[] = [];
    const subscribed = new Promise<void>((resolve, reject) => {
      ws.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { type: string };
        messages.push(message);
        if (message.type === 'subscribed') resolve();
      });
      ws.once('error', reject);
    });
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'subscribe', channel: `accounts.${account.id}.positions` }));
    await subscribed;

    const time = Math.floor(Date.now() / 1000);
    const report = await fetch(
      `http://127.0.0.1:${osmandPort}/?id=${device.serial}&lat=41.9&lon=-87.6&timestamp=${time}`,
    );
    expect(report.status).toBe(200);
    const position = await new Promise<string>((resolve) => {
      const look = () => {
        const found = messages.find((m) => JSON.stringify(m).includes(`"device_id":${device.id}`));
        if (found) resolve(JSON.stringify(found));
        else ws.once('message', look);
      };
      look();
    });
    expect(position).toContain('41.9');
    ws.close();
    await Promise.all([stop(ingest.child), stop(api.child)]);
  });
});
