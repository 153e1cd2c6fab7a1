import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { DeviceScope } from '../apps/server/src/access/device-visibility';
import { openDatabase } from '../apps/server/src/db/client';
import { dwellDevices, dwellGeofences } from '../apps/server/src/modules/dwell/dwell.queries';
import { historyColumnsText } from '../apps/server/src/modules/positions/history-columns.queries';
import { historyOf } from '../apps/server/src/modules/positions/positions.queries';
import { stopsOf } from '../apps/server/src/modules/positions/stops.queries';
import {
  stopRows,
  summaryRows,
  tripRows,
  type ReportScope,
} from '../apps/server/src/modules/trips/trips.queries';
import { explainingDb, shapeOf, type PlanShape } from './explain/plans';
import { historyMonths, seedHistory } from './explain/seed-history';
import { adminQuery, benchDatabase, DEFAULT_POSTGRES } from './fleet/postgres';
import { seedFleet } from './fleet/seed-fleet';

/**
 * `npm run bench:explain [-- --devices N --months N --every MIN --write docs/query-plans.md]`:
 * issue 40's plans. Generates a history on the machine's PostgreSQL (every tracker reporting
 * every MIN minutes for N months, one partition a month, with trips, stops, daily summaries and
 * geofence visits), then runs the product's own query functions for tracker history, stops,
 * trips, the fleet summary and dwell through auto_explain, and prints what each plan reads:
 * which month partitions (pruning), which indexes, and any sequential scan of a large table.
 * Fails (exit 1) when a plan reads a partition outside its range or scans a large table whole.
 */

const DAY_MS = 86_400_000;
const log = (text: string) => console.log(`[bench:explain] ${text}`);

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      devices: { type: 'string' },
      months: { type: 'string' },
      every: { type: 'string' },
      write: { type: 'string' },
    },
  });
  return {
    devices: Number(values.devices ?? 1_000),
    months: Number(values.months ?? 6),
    everyMinutes: Number(values.every ?? 10),
    write: values.write,
    serverUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES,
  };
}

interface Explained {
  name: string;
  serves: string;
  /** Month partitions the range covers: the only ones the plan may read. */
  months?: string[];
  plan: string;
  shape: PlanShape;
  faults: string[];
}

function faultsOf(shape: PlanShape, months: string[] | undefined) {
  const faults = shape.seqScans.map((table) => `reads ${table} whole (Seq Scan)`);
  if (months) {
    const outside = shape.partitions.filter((p) => !months.includes(p));
    if (outside.length) faults.push(`reads partitions outside its range: ${outside.join(', ')}`);
  }
  return faults;
}

async function rowCounts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const count = async (table: string) =>
      Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    return {
      positions: await count('positions'),
      trips: await count('trips'),
      device_stops: await count('device_stops'),
      daily_summaries: await count('daily_summaries'),
      geofence_visits: await count('geofence_visits'),
      bytes: (
        await client.query<{ size: string }>(
          `SELECT pg_size_pretty(sum(pg_total_relation_size(inhrelid))) AS size
           FROM pg_inherits WHERE inhparent = 'positions'::regclass`,
        )
      ).rows[0]!.size,
    };
  } finally {
    await client.end();
  }
}

async function main() {
  const opts = options();
  const database = await benchDatabase(opts.serverUrl, 'explain');
  try {
    const server = await openDatabase({ kind: 'postgres', url: database.url });
    await server.migrate();
    await server.close();
    const fleet = await seedFleet(database.url, opts.devices);
    const ids = (
      await adminQuery<{ id: number }>(
        database.url,
        `SELECT id FROM devices WHERE account_id = ${fleet.accountId} ORDER BY id`,
      )
    ).map((row) => row.id);
    log(`${opts.devices} trackers, ${opts.months} months, a fix every ${opts.everyMinutes} min`);
    const { geofenceIds } = await seedHistory(
      database.url,
      {
        accountId: fleet.accountId,
        deviceIds: ids,
        months: opts.months,
        everyMinutes: opts.everyMinutes,
      },
      log,
    );
    const counts = await rowCounts(database.url);
    log(`rows: ${JSON.stringify(counts)}`);

    const explaining = await explainingDb(database.url);
    const { db } = explaining;
    const now = new Date();
    const device = ids[Math.floor(ids.length / 2)]!;
    const admin: DeviceScope = {
      id: fleet.accountId,
      role: 'admin',
      full_device_access: true,
      device_ids: [],
      group_ids: [],
    };
    const scope = (days: number, deviceIds?: number[]): ReportScope => {
      const from = new Date(now.getTime() - days * DAY_MS);
      from.setUTCHours(0, 0, 0, 0);
      return {
        accountId: fleet.accountId,
        devices: admin,
        deviceIds,
        groupIds: undefined,
        from: from.getTime(),
        to: now.getTime(),
        dayFrom: from.toISOString().slice(0, 10),
        dayTo: now.toISOString().slice(0, 10),
        zone: 'UTC',
      };
    };
    const monthsOf = (from: Date, to: Date) =>
      historyMonths(opts.months)
        .filter((m) => m.to > from && m.from <= to)
        .map((m) => m.name);
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const tenDaysAgo = new Date(now.getTime() - 10 * DAY_MS);
    const page = { limit: 100, offset: 0 };

    const queries: {
      name: string;
      serves: string;
      months?: string[];
      run: () => Promise<unknown>;
    }[] = [
      {
        name: 'History of a tracker, last 24 hours',
        serves: 'GET /api/accounts/{id}/devices/{id}/positions',
        months: monthsOf(dayAgo, now),
        run: () => historyOf(db, [device], dayAgo, now),
      },
      {
        name: 'History of a tracker as columns, last 10 days',
        serves: 'GET …/positions?format=columns (tracker details)',
        months: monthsOf(tenDaysAgo, now),
        run: () => historyColumnsText(db, device, tenDaysAgo, now),
      },
      {
        name: 'Stops of a tracker, last 7 days',
        serves: 'GET /api/accounts/{id}/devices/{id}/stops',
        run: () => stopsOf(db, device, new Date(now.getTime() - 7 * DAY_MS), now, fleet.accountId),
      },
      {
        name: 'Trips of the fleet, last 7 days, first page',
        serves: 'GET /api/accounts/{id}/trips',
        run: () => tripRows(db, scope(7), page),
      },
      {
        name: 'Trips of one tracker, last 30 days',
        serves: 'GET /api/accounts/{id}/trips?device_ids=',
        run: () => tripRows(db, scope(30, [device]), page),
      },
      {
        name: 'Stops of the fleet, last 7 days, first page',
        serves: 'GET /api/accounts/{id}/stops',
        run: () => stopRows(db, scope(7), page),
      },
      {
        name: 'Fleet summary per tracker and week, last 30 days',
        serves: 'GET /api/accounts/{id}/summary?period=week',
        run: () => summaryRows(db, scope(30), 'week', page),
      },
      {
        name: 'Dwell per geofence, last 30 days',
        serves: 'GET /api/accounts/{id}/dwell/geofences',
        run: () => dwellGeofences(db, admin, { now, period: 30 }, {}),
      },
      {
        name: 'Trackers inside a geofence now',
        serves: 'GET /api/accounts/{id}/dwell/geofences/{id}/devices',
        run: () => dwellDevices(db, admin, geofenceIds[0]!, now),
      },
    ];

    const explained: Explained[] = [];
    for (const query of queries) {
      const plans = await explaining.plansOf(query.run);
      const plan = plans.join('\n\n');
      const shape = shapeOf(plan);
      const faults = faultsOf(shape, query.months);
      explained.push({ ...query, plan, shape, faults });
      const timing =
        /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ??
        plan.match(/actual time=[\d.]+\.\.([\d.]+)/)?.[1];
      log(
        `${query.name}: ${faults.length ? `FAULT ${faults.join('; ')}` : 'ok'}` +
          ` (partitions ${shape.partitions.join(', ') || 'none'}; indexes ${shape.indexes.join(', ') || 'none'}; ${timing ?? '?'} ms)`,
      );
    }
    await explaining.close();
    if (opts.write) {
      writeFileSync(opts.write, planDocument(opts, counts, explained));
      log(`wrote ${opts.write}`);
    }
    if (explained.some((e) => e.faults.length)) process.exitCode = 1;
  } finally {
    await database.drop();
  }
}

function planDocument(
  opts: ReturnType<typeof options>,
  counts: Awaited<ReturnType<typeof rowCounts>>,
  explained: Explained[],
) {
  const n = (value: number) => value.toLocaleString('en-US');
  const lines = [
    '# Query plans of history, stops, trips, summary and dwell',
    '',
    `Written by \`npm run bench:explain -- --devices ${opts.devices} --months ${opts.months} --every ${opts.everyMinutes} --write docs/query-plans.md\``,
    `on ${new Date().toISOString().slice(0, 10)}, on this machine's PostgreSQL: ${n(counts.positions)} positions`,
    `(${counts.bytes} with indexes) in ${opts.months} month partitions, ${n(counts.trips)} trips, ${n(counts.device_stops)} stops,`,
    `${n(counts.daily_summaries)} daily summaries and ${n(counts.geofence_visits)} geofence visits, for ${n(opts.devices)} trackers.`,
    '',
    "The plans are those of the product's own query functions (auto_explain in the bench's",
    'session, `EXPLAIN ANALYZE` with buffers), not of SQL copied into the bench. What holds them',
    'at any size is their shape: each reads only the month partitions of its range (PostgreSQL',
    'prunes the others when it plans the statement, or at its start for a generic plan, the',
    'range being compared with the partition key) and only by index, so a billion positions over more months and trackers',
    'add partitions the plan never opens and index depth (log n), not rows read. The bench fails',
    'when a plan reads a partition outside its range or any large table by a sequential scan.',
    '',
  ];
  for (const e of explained) {
    lines.push(`## ${e.name}`, '', `Serves ${e.serves}.`);
    lines.push(
      `Partitions read: ${e.shape.partitions.join(', ') || 'none (not a positions query)'}` +
        (e.months ? ` (range: ${e.months.join(', ')})` : '') +
        `. Indexes: ${e.shape.indexes.join(', ') || 'none'}. ${e.faults.length ? `**${e.faults.join('; ')}**` : 'No sequential scan of a large table.'}`,
      '',
      '```',
      e.plan,
      '```',
      '',
    );
  }
  return lines.join('\n');
}

await main();
