import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';

/**
 * A database handle whose every statement comes back with its executed plan: PostgreSQL's
 * auto_explain, loaded into this session and told to log to the client, so the plans are those
 * of the product's own query functions with their own parameters, not of SQL copied here.
 */
export async function explainingDb(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let plans: string[] = [];
  client.on('notice', (notice) => {
    if (notice.message?.includes('plan:')) plans.push(notice.message);
  });
  for (const setting of [
    "LOAD 'auto_explain'",
    'SET auto_explain.log_min_duration = 0',
    'SET auto_explain.log_analyze = on',
    'SET auto_explain.log_buffers = on',
    'SET auto_explain.log_timing = on',
    // The plans reach this client as notices, not the server's log.
    'SET client_min_messages = log',
  ]) {
    await client.query(setting);
  }
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    /** The plans of what `run` executed, in order. */
    async plansOf(run: () => Promise<unknown>) {
      plans = [];
      await run();
      return plans.map((plan) => plan.slice(plan.indexOf('plan:') + 'plan:'.length).trim());
    },
    close: () => client.end(),
  };
}

/** Tables with many rows per account: none of these may be read whole. */
const LARGE = /^(positions(_\d{4}_\d{2})?|trips|device_stops|daily_summaries|geofence_visits)$/;

export interface PlanShape {
  /** The month partitions of positions the plan reads. */
  partitions: string[];
  /** Large tables read by a sequential scan (should be none). */
  seqScans: string[];
  /** Index scans, by index name. */
  indexes: string[];
}

/** What a plan reads, from its text. */
export function shapeOf(plan: string): PlanShape {
  const partitions = new Set<string>();
  const seqScans = new Set<string>();
  const indexes = new Set<string>();
  for (const match of plan.matchAll(
    /(Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan)(?: Backward)?(?: using (\S+))? on (\S+)/g,
  )) {
    const [, kind, index, table] = match;
    if (/^positions_\d{4}_\d{2}$/.test(table!)) partitions.add(table!);
    if (kind === 'Seq Scan' && LARGE.test(table!)) seqScans.add(table!);
    if (index) indexes.add(index);
  }
  for (const match of plan.matchAll(/Bitmap Index Scan on (\S+)/g)) indexes.add(match[1]!);
  return { partitions: [...partitions].sort(), seqScans: [...seqScans], indexes: [...indexes] };
}
