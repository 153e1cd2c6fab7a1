import { parseArgs } from 'node:util';
import { DEFAULT_POSTGRES } from '../fleet/postgres';
import { positiveInt } from '../shared/options';

export interface ReportsBenchOptions {
  /** PostgreSQL server URL (a database on it is created for the run), or undefined for PGlite. */
  postgresUrl: string | undefined;
  /** Days of history of the one tracker (a position every 30 s) and the report's range. */
  days: number;
  /** Timed create calls (each a new report), details calls (after a warm-up) and PDFs. */
  creates: number;
  details: number;
  pdfs: number;
}

/**
 * PGlite by default, `--postgres` for the machine's PostgreSQL (BENCH_DATABASE_URL names another
 * server); `--days`, `--creates`, `--details` and `--pdfs` change the sizes.
 */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): ReportsBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      postgres: { type: 'boolean', default: false },
      days: { type: 'string' },
      creates: { type: 'string' },
      details: { type: 'string' },
      pdfs: { type: 'string' },
    },
  });
  return {
    postgresUrl: values.postgres ? (env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES) : undefined,
    days: positiveInt('days', values.days, 30),
    creates: positiveInt('creates', values.creates, 3),
    details: positiveInt('details', values.details, 20),
    pdfs: positiveInt('pdfs', values.pdfs, 3),
  };
}
