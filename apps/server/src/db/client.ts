import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
      await client.query(
        `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`,
        [],
        {
          blob: new Blob([csv]),
        },
      );
    },
    dump: () => client.dumpDataDir('gzip'),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    ping: () => ping(db),
    close: () => pool.end(),
    copyCsv: async (table, columns, csv) => {
      const connection = await pool.connect();
      try {
        const stream = connection.query(
          copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`),
        );
        await pipeline(Readable.from([csv]), stream);
      } finally {
        connection.release();
      }
    },
  };
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
