import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { currentPositions } from '../db/schema';
import { createAccount, createDevice, createUser, TEST_PASSWORD } from '../test/test-app';
import { emptyPostgresDatabase, MACHINE_NATS_URL } from '../test/machine-postgres';
import { freePort } from '../test/server-process';
import {
  bannerPort,
  killRoleProcesses,
  listening,
  startRole as start,
  stopRole as stop,
} from '../test/role-process';
import { trackerSocket } from '../test/tracker-socket';
import { encodeGt06Location, encodeGt06Login } from '../ingest/protocols/gt06/gt06.device';

/**
 * Issue 40: `--role` starts part of Waymark, started as an operator would start it (the
 * process's own output and exit code); split roles refuse to start without a shared
 * PostgreSQL and NATS.
 */

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  killRoleProcesses();
  for (const drop of drops) await drop();
});

describe('split roles', { timeout: 240_000 }, () => {
  it('refuses to start a role alone without a shared database and bus, saying what to set', async () => {
    const run = await start(['--role', 'worker'], {}, 'never');
    expect(run.code).toBe(2);
    expect(run.output).toContain(
      '--role="worker" runs part of Waymark, so the processes must share a database and a bus: ' +
        'set DATABASE_URL (a postgres:// URL) and BUS_URL (a nats:// URL), or run all roles in one process (no --role).',
    );
  });

  it('runs an api process without a pipeline and a worker process without HTTP, uploads going to the worker', async () => {
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
    // JSON ingest goes down the position stream to the worker: the api role takes it.
    const db = await openDatabase({ kind: 'postgres', url: database.url });
    const token = `tok_${randomBytes(8).toString('hex')}`;
    const account = await createAccount({ db: db.db }, { has_api_access: true, api_token: token });
    const device = await createDevice({ db: db.db }, account);
    const upload = await fetch(`http://127.0.0.1:${apiPort}/api/ingest/positions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        positions: [
          { serial: device.serial, timestamp: new Date().toISOString(), lat: 41.9, lng: -87.6 },
        ],
      }),
    });
    expect(upload.status).toBe(200);
    expect(((await upload.json()) as { data: { accepted: number } }).data.accepted).toBe(1);
    const stored = async () =>
      (await db.db.select().from(currentPositions).where(eq(currentPositions.device_id, device.id)))
        .length;
    for (let i = 0; i < 100 && (await stored()) === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await stored()).toBe(1);
    await db.close();
    await Promise.all([stop(worker.child), stop(api.child)]);
  });

  it('carries a GT06 position from an ingest process through a worker to a websocket of the second api process', async () => {
    const database = await emptyPostgresDatabase();
    drops.push(database.drop);
    const shared = {
      DATABASE_URL: database.url,
      BUS_URL: MACHINE_NATS_URL,
      BUS_SUBJECT_PREFIX: `roles_${randomBytes(4).toString('hex')}`,
    };
    // First and alone: it migrates the new database.
    const worker = await start(['--role', 'worker'], shared, 'is running');
    expect(worker.output).toContain('Waymark (worker) is running');
    const ingest = await start(['--role', 'ingest'], shared, 'is running');
    expect(ingest.output).toContain('Waymark (ingest) is running');
    const gt06Port = bannerPort(ingest.output, /GT06 tcp/);
    const apis = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const api = await start(['--role', 'api'], { ...shared, PORT: String(port) }, 'is running');
      expect(api.output).toContain('Waymark (api) is running');
      apis.push({ ...api, port });
    }
    const second = apis[1]!;

    const db = await openDatabase({ kind: 'postgres', url: database.url });
    const t = { db: db.db };
    const account = await createAccount(t);
    const user = await createUser(t, { account, role: 'admin' });
    const device = await createDevice(t, account, { serial: '359710049000123' });
    await db.close();

    const login = await fetch(`http://127.0.0.1:${second.port}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { token: string } };
    const ws = new WebSocket(`ws://127.0.0.1:${second.port}/api/realtime`, {
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

    const tracker = await trackerSocket(gt06Port);
    tracker.write(encodeGt06Login(device.serial, 1));
    // The login's answer: 78 78 05 01 ... 0d 0a.
    expect((await tracker.until((b) => b.length >= 10)).subarray(0, 4).toString('hex')).toBe(
      '78780501',
    );
    tracker.write(
      encodeGt06Location(
        {
          time: new Date(Math.floor(Date.now() / 1000) * 1000),
          lat: 41.8819,
          lng: -87.6278,
          speedKmh: 42,
          course: 90,
          satellites: 9,
          valid: true,
        },
        2,
      ),
    );
    const position = await new Promise<string>((resolve) => {
      const look = () => {
        const found = messages.find((m) => JSON.stringify(m).includes(`"device_id":${device.id}`));
        if (found) resolve(JSON.stringify(found));
        else ws.once('message', look);
      };
      look();
    });
    expect(position).toContain('41.881');
    tracker.close();
    ws.close();
    await Promise.all([worker, ingest, ...apis].map((p) => stop(p.child)));
  });
});
