import pg from 'pg';
import type { Db } from './client';

/** A drizzle select of one text column named `j`. */
export interface TextColumnQuery extends PromiseLike<{ j: string }[]> {
  toSQL(): { sql: string; params: unknown[] };
}

/** Rows per batch: about half a megabyte of JSON text at the trackers screen's row sizes. */
const BATCH_ROWS = 2000;

/**
 * The `j` texts of a query's rows, in batches, as the database sends them. On PostgreSQL the
 * rows are taken off the wire one by one (no drizzle result mapping, nothing kept), so whoever
 * reads the batches (gzip, the socket) works while the database still produces the rest; at
 * 100,000 trackers that halves the time of the list. PGlite runs in this process and answers
 * all at once.
 */
export function textRowBatches(db: Db, query: TextColumnQuery): AsyncIterable<string[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql, params } = query.toSQL();
    return streamFromPostgres(client, sql, params);
  }
  return readAtOnce(query);
}

async function* readAtOnce(query: TextColumnQuery): AsyncGenerator<string[]> {
  const rows = await query;
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    yield rows.slice(i, i + BATCH_ROWS).map((row) => row.j);
  }
}

async function* streamFromPostgres(
  pool: pg.Pool,
  text: string,
  values: unknown[],
): AsyncGenerator<string[]> {
  const client = await pool.connect();
  const ready: string[][] = [];
  let batch: string[] = [];
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const finished = new Promise<void>((resolve) => {
    // With a 'row' listener and no callback, node-postgres keeps no rows of its own. Its
    // Query type leaves out rowMode, which the class reads (arrays: no object per row).
    const config: pg.QueryArrayConfig = { text, values, rowMode: 'array' };
    const query = client.query(new pg.Query(config as pg.QueryConfig));
    query.on('row', (row: [string]) => {
      batch.push(row[0]);
      if (batch.length < BATCH_ROWS) return;
      ready.push(batch);
      batch = [];
      notify();
    });
    query.on('end', () => {
      if (batch.length > 0) ready.push(batch);
      ended = true;
      notify();
      resolve();
    });
    query.on('error', (error: Error) => {
      failure = error;
      notify();
      resolve();
    });
  });
  try {
    for (;;) {
      const next = ready.shift();
      if (next) yield next;
      else if (failure) throw failure;
      else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    // A reader that stops early leaves the query running; the connection goes back when done.
    await finished;
    client.release();
  }
}
