import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../db/client';
import { accounts, devices, models } from '../db/schema';

// The acknowledgement rule end to end, with the real process: every report the server
// acknowledged must be in the database after the process is killed with SIGKILL.
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'waymark-durability-'));
const serial = '356307042441013';
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startServer(ports: { http: number; osmand: number }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(ports.http),
      OSMAND_PORT: String(ports.osmand),
      GT06_PORT: '0',
      TELTONIKA_PORT: '0',
      H02_PORT: '0',
      GPS103_PORT: '0',
      WATCH_PORT: '0',
      QUECLINK_PORT: '0',
      MEITRACK_PORT: '0',
      SEED_DEMO: 'false',
      DEMO_SIMULATOR: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Waymark is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return child;
}

/** Resolves when the process has exited, including when it already has. */
function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  child.kill(signal);
  await exitOf(child);
}

/** One OsmAnd report over a fresh connection; the HTTP status, or 0 when the server is gone. */
function osmandReport(port: number, query: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: `/?${query}`, agent: false },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.setTimeout(15_000, () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('acknowledged positions survive a killed process', () => {
  it('keeps every report the server answered 200 to, after SIGKILL', async () => {
    const ports = { http: await freePort(), osmand: await freePort() };
    // First start migrates the empty database; then a tracker is registered while it is down.
    await stop(await startServer(ports), 'SIGTERM');
    const database = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
    const [account] = await database.db.insert(accounts).values({ title: 'Durable' }).returning();
    const [model] = await database.db
      .insert(models)
      .values({ title: 'Phone', device_type: 'phone', protocol: 'osmand' })
      .returning();
    await database.db
      .insert(devices)
      .values({ account_id: account!.id, model_id: model!.id, name: 'Phone', serial });
    await database.close();

    const child = await startServer(ports);
    const acked: number[] = [];
    const start = Date.UTC(2026, 10, 21, 6, 0, 0) / 1000;
    let next = 0;
    let killed = false;
    // Five trackers report back to back; the process dies the moment the 20th report is
    // acknowledged, while the others' reports are in flight.
    const tracker = async () => {
      while (!killed && next < 500) {
        const t = start + next++ * 10;
        const status = await osmandReport(
          ports.osmand,
          `id=${serial}&lat=40.5&lon=-75&timestamp=${t}`,
        );
        if (status === 200) acked.push(t);
        if (!killed && acked.length >= 20) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 5 }, tracker));
    if (!killed) child.kill('SIGKILL');
    await exitOf(child);
    expect(acked.length).toBeGreaterThanOrEqual(20);

    const reopened = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
    const rows = await queryRows<{ t: number }>(
      reopened.db,
      sql`SELECT extract(epoch FROM fix_time)::int AS t FROM positions`,
    );
    await reopened.close();
    const stored = new Set(rows.map((r) => r.t));
    expect(acked.filter((t) => !stored.has(t))).toEqual([]);
  }, 120_000);

  it('on SIGTERM answers what it received, stores it, and exits cleanly', async () => {
    const ports = { http: await freePort(), osmand: await freePort() };
    const child = await startServer(ports);
    const start = Date.UTC(2026, 10, 21, 7, 0, 0) / 1000;
    const statuses: (number | 'refused')[] = [];
    const acked: number[] = [];
    const requests = Array.from({ length: 100 }, (_, i) => {
      const t = start + i * 10;
      const url = `http://127.0.0.1:${ports.osmand}/?id=${serial}&lat=${41 + i / 1000}&lon=-75&timestamp=${t}`;
      return osmandReport(ports.osmand, url.slice(url.indexOf('?') + 1)).then((status) => {
        statuses.push(status === 0 ? 'refused' : status);
        if (status === 200) acked.push(t);
      });
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    await Promise.all(requests);
    expect(await exited).toBe(0);
    // Every request the server read was answered 200; none got an error status.
    expect(statuses.filter((s) => s !== 200 && s !== 'refused')).toEqual([]);

    const reopened = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
    const rows = await queryRows<{ t: number }>(
      reopened.db,
      sql`SELECT extract(epoch FROM fix_time)::int AS t FROM positions`,
    );
    await reopened.close();
    const stored = new Set(rows.map((r) => r.t));
    expect(acked.filter((t) => !stored.has(t))).toEqual([]);
  }, 120_000);
});
