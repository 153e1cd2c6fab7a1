import { parseArgs } from 'node:util';
import { DEFAULT_POSTGRES } from '../fleet/postgres';
import { positiveInt } from '../shared/options';

export interface RulesBenchOptions {
  /** PostgreSQL server URL (a database on it is created for the run), or undefined for PGlite. */
  postgresUrl: string | undefined;
  /** Enabled rules in the one account. */
  rules: number;
  /** Trackers of the account reporting through the pipeline. */
  trackers: number;
  /** Positions/s of the steady phases, and how long each lasts. */
  rate: number;
  steadySeconds: number;
  /** Length of each throughput phase (four: without, with, without, with the rules). */
  seconds: number;
  /** Queued e-mail notifications delivered to the local SMTP server. */
  notifications: number;
  /** How long the delivery may take before the bench stops waiting (and says so). */
  deliverySeconds: number;
}

/**
 * PGlite by default, `--postgres` for the machine's PostgreSQL (BENCH_DATABASE_URL names another
 * server); `--rules`, `--trackers`, `--rate`, `--steady-seconds`, `--seconds`,
 * `--notifications` and `--delivery-seconds` (the wait's cap) change the sizes.
 */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): RulesBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      postgres: { type: 'boolean', default: false },
      rules: { type: 'string' },
      trackers: { type: 'string' },
      rate: { type: 'string' },
      'steady-seconds': { type: 'string' },
      seconds: { type: 'string' },
      notifications: { type: 'string' },
      'delivery-seconds': { type: 'string' },
    },
  });
  return {
    postgresUrl: values.postgres ? (env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES) : undefined,
    rules: positiveInt('rules', values.rules, 1000),
    trackers: positiveInt('trackers', values.trackers, 5000),
    rate: positiveInt('rate', values.rate, 10_000),
    steadySeconds: positiveInt('steady-seconds', values['steady-seconds'], 10),
    seconds: positiveInt('seconds', values.seconds, 10),
    notifications: positiveInt('notifications', values.notifications, 10_000),
    deliverySeconds: positiveInt('delivery-seconds', values['delivery-seconds'], 300),
  };
}
