import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The connection under a drizzle transaction: drizzle has no COPY, so COPY goes to the client
 * the transaction runs on (a pg PoolClient, or PGlite's Transaction), read from its session.
 */
const connectionOf = <T>(tx: Tx) => (tx as unknown as { session: { client: T } }).session.client;
const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source} WITH (FORMAT csv)`;

/** An open database: the same drizzle API over PGlite or PostgreSQL. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Applies pending migrations from apps/server/drizzle. */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Bulk-loads CSV rows (no header) into a table with COPY, the fastest way in on both. */
  copyCsv(table: string, columns: readonly string[], csv: string): Promise<void>;
  /** The same COPY inside a transaction of `db`, on that transaction's connection. */
  copyCsvIn(tx: Tx, table: string, columns: readonly string[], csv: string): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (tests copy it). */
  dump?(): Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseTarget =
  { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  return openPglite(target);
}

async function openPglite(target: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create(target.dataDir, {
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
    copyCsv: async (table, columns, csv) => {
      await client.query(copyStatement(table, columns, `'/dev/blob'`), [], {
        blob: new Blob([csv]),
      });
    },
    copyCsvIn: async (tx, table, columns, csv) => {
      await connectionOf<Transaction>(tx).query(copyStatement(table, columns, `'/dev/blob'`), [], {
        blob: new Blob([csv]),
      });
    },
    dump: () => client.dumpDataDir('gzip'),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ended (a restart, a failover, a database dropped at a test's
  // end) is removed from the pool, which connects anew when next asked; without a listener its
  // error would end the process. A query under way reports its own failure to its caller.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    migrate: () => migrateAlone(pool),
    ping: () => ping(db),
    close: () => pool.end(),
    copyCsv: async (table, columns, csv) => {
      const connection = await pool.connect();
      try {
        await copyInto(connection, table, columns, csv);
      } finally {
        connection.release();
      }
    },
    copyCsvIn: (tx, table, columns, csv) =>
      copyInto(connectionOf<pg.PoolClient>(tx), table, columns, csv),
  };
}

/** Any fixed number: the key of the lock the processes of one installation migrate under. */
const MIGRATION_LOCK = 0x57617973;

/**
 * Migrates under a session advisory lock: processes of a split set-up started together on a
 * new database (`npm run cluster`) would otherwise run the same CREATE TABLE at once and all
 * but one fail; the others wait, then find nothing left to apply.
 */
async function migrateAlone(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

function copyInto(client: pg.PoolClient, table: string, columns: readonly string[], csv: string) {
  const stream = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
  return pipeline(Readable.from([csv]), stream);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
