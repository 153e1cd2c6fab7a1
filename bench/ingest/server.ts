import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseConfig } from '../../apps/server/src/config';
import { startListeners } from '../../apps/server/src/ingest/listeners';
import { startServices } from '../../apps/server/src/roles/all-in-one';

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/** `postgres://…/test` → the same server, another database. */
export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on `url` over a connection of its own (CREATE and DROP DATABASE). */
export async function admin<T extends object>(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Ctrl-C and the normal end may both close: the second call waits for the first. */
function once(run: () => Promise<void>) {
  let done: Promise<void> | undefined;
  return () => (done ??= run());
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Databases left by bench runs that were killed (their process is gone) are dropped. */
async function dropLeftovers(url: string) {
  const rows = await admin<{ datname: string }>(
    url,
    `SELECT datname FROM pg_database WHERE datname LIKE 'waymark\\_bench\\_%'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.slice('waymark_bench_'.length));
    if (Number.isInteger(pid) && !alive(pid)) {
      await admin(url, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }
}

/**
 * The real server in this process, as `npm start` builds it, on a database made for this run:
 * PGlite in a temporary directory, or a new PostgreSQL database that `close` drops again.
 * `env` adds settings (bench:rules' SMTP_URL).
 */
export async function startBenchServer(
  postgresUrl: string | undefined,
  env: Record<string, string> = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-bench-'));
  const database = `waymark_bench_${process.pid}`;
  if (postgresUrl) {
    await dropLeftovers(postgresUrl);
    await admin(postgresUrl, `CREATE DATABASE ${database}`);
  }
  const config = parseConfig({
    DATA_DIR: dataDir,
    ...(postgresUrl ? { DATABASE_URL: withDatabase(postgresUrl, database) } : {}),
    SEED_DEMO: 'false',
    DEMO_SIMULATOR: 'false',
    LOG_LEVEL: 'silent',
    // Every simulated tracker connects from 127.0.0.1: one address holds the whole fleet.
    DEVICE_MAX_CONNECTIONS_PER_ADDRESS: '100000',
    DEVICE_MAX_CONNECTIONS_PER_LISTENER: '100000',
    ...env,
  });
  // BENCH_LOG_LEVEL=warn shows the server's own complaints (failed batches) while diagnosing.
  const level = process.env.BENCH_LOG_LEVEL ?? config.LOG_LEVEL;
  const { ctx, app } = await startServices(config, { level });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ingest = await startListeners(
    ctx,
    { osmand: 0, gt06: 0, teltonika: 0 },
    app.log,
    config.deviceLimits,
  );
  const address = app.server.address();
  const httpPort = typeof address === 'object' && address ? address.port : 0;
  return {
    ctx,
    app,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    realtimeUrl: `ws://127.0.0.1:${httpPort}/api/realtime`,
    ports: {
      osmand: ingest.listeners.osmand.port,
      gt06: ingest.listeners.gt06.port,
      teltonika: ingest.listeners.teltonika.port,
    },
    close: once(async () => {
      await ingest.close();
      await app.close();
      await ctx.database.close();
      if (postgresUrl) await admin(postgresUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    }),
  };
}
