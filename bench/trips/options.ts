import { parseArgs } from 'node:util';
import { DEFAULT_POSTGRES } from '../fleet/postgres';
import { positiveInt } from '../shared/options';

export interface TripsBenchOptions {
  /** PostgreSQL server URL (a database on it is created for the run), or undefined for PGlite. */
  postgresUrl: string | undefined;
  /** Trackers whose history the build segments, and its days. */
  trackers: number;
  days: number;
  /** Of them, the trackers of the account the summary report is asked of. */
  fleet: number;
  /** Days of history of the one tracker whose trips report is asked for. */
  longDays: number;
  /** Distinct simulated vehicles' histories the trackers share (generating one costs ~100 ms). */
  templates: number;
  /** Timed calls of each report, after two not timed. */
  runs: number;
}

/**
 * PGlite by default, `--postgres` for the machine's PostgreSQL (BENCH_DATABASE_URL names another
 * server); `--trackers`, `--days`, `--fleet`, `--long-days`, `--templates` and `--runs` change
 * the sizes.
 */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): TripsBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      postgres: { type: 'boolean', default: false },
      trackers: { type: 'string' },
      days: { type: 'string' },
      fleet: { type: 'string' },
      'long-days': { type: 'string' },
      templates: { type: 'string' },
      runs: { type: 'string' },
    },
  });
  return {
    postgresUrl: values.postgres ? (env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES) : undefined,
    trackers: positiveInt('trackers', values.trackers, 10_000),
    days: positiveInt('days', values.days, 30),
    fleet: positiveInt('fleet', values.fleet, 1_000),
    longDays: positiveInt('long-days', values['long-days'], 90),
    templates: positiveInt('templates', values.templates, 100),
    runs: positiveInt('runs', values.runs, 20),
  };
}
