import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../db/client';
import { accounts, devices, models } from '../db/schema';
import {
  exitOf,
  freePort,
  startServer,
  stopServer,
  type ServerPorts,
} from '../test/server-process';

// The acknowledgement rule end to end, with the real process: every report the server
// acknowledged must be in the database after the process is killed with SIGKILL.
const dataDir = mkdtempSync(join(tmpdir(), 'waymark-durability-'));
const serial = '356307042441013';
let server: ChildProcess | undefined;

async function launch(ports: ServerPorts) {
  server = await startServer(dataDir, ports);
  return server;
}

const stop = stopServer;

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
    await stop(await launch(ports), 'SIGTERM');
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

    const child = await launch(ports);
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
    const child = await launch(ports);
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
