import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client';

export interface SqlResult {
  // pg-boss reads its own rows by column name; their shapes are its business.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rows: any[];
}

/** Runs pg-boss's SQL on our open database, and knows which of its calls are still running. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Resolves once every call started so far has settled. */
  settled(): Promise<void>;
  readonly busy: boolean;
}

/**
 * pg-boss sends two kinds of SQL: single statements with parameters, and parameterless texts
 * of several statements (its schema, migrations and maintenance, each wrapped in its own
 * BEGIN ... COMMIT with an advisory lock). node-postgres runs both through the pool (no
 * parameters means the simple protocol, which allows several statements). PGlite's `query`
 * takes one statement only, so the texts go to `exec`, inside PGlite's transaction: that holds
 * its one connection for the whole text, and rolls back if a statement fails, so a failed text
 * never leaves the connection in an aborted transaction for the next caller.
 */
export function sqlExecutor(database: Database): SqlExecutor {
  const run = clientRunner(database);
  const running = new Set<Promise<unknown>>();
  return {
    executeSql(text, values) {
      const call = run(text, values ?? []);
      const forget = () => running.delete(call);
      running.add(call);
      call.then(forget, forget);
      return call;
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    get busy() {
      return running.size > 0;
    },
  };
}

// drizzle keeps the client it was built on as `$client`: the PGlite instance or the pg pool.
const clientOf = <T>(database: Database) => (database.db as unknown as { $client: T }).$client;

function clientRunner(database: Database): (text: string, values: unknown[]) => Promise<SqlResult> {
  if (database.kind === 'postgres') {
    const pool = clientOf<pg.Pool>(database);
    return (text, values) => pool.query(text, values);
  }
  const client = clientOf<PGlite>(database);
  return async (text, values) => {
    if (values.length > 0) return client.query(text, values);
    const results = await client.transaction((tx) => tx.exec(text));
    return { rows: results.at(-1)?.rows ?? [] };
  };
}
