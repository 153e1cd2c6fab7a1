import { parseArgs } from 'node:util';
import { DEFAULT_POSTGRES } from '../fleet/postgres';
import { positiveInt } from '../shared/options';

export interface ShipmentsBenchOptions {
  /** PostgreSQL server URL (a database on it is created for the run), or undefined for PGlite. */
  postgresUrl: string | undefined;
  /** Trackers, each carrying one ongoing shipment. */
  shipments: number;
  /** Length of each throughput phase (four: without, with, with, without the clock). */
  seconds: number;
  /** Positions/s of the steady phases, and how long each lasts. */
  rate: number;
  steadySeconds: number;
  /** Timed list calls (after a warm-up). */
  requests: number;
  /** Demo vehicles whose trips are replayed for the accuracy, and over how many days. */
  vehicles: number;
  days: number;
}

/**
 * PGlite by default, `--postgres` for the machine's PostgreSQL (BENCH_DATABASE_URL names another
 * server); `--shipments`, `--seconds`, `--rate`, `--steady-seconds`, `--requests`, `--vehicles`
 * and `--days` change the sizes.
 */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): ShipmentsBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      postgres: { type: 'boolean', default: false },
      shipments: { type: 'string' },
      seconds: { type: 'string' },
      rate: { type: 'string' },
      'steady-seconds': { type: 'string' },
      requests: { type: 'string' },
      vehicles: { type: 'string' },
      days: { type: 'string' },
    },
  });
  return {
    postgresUrl: values.postgres ? (env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES) : undefined,
    shipments: positiveInt('shipments', values.shipments, 10_000),
    seconds: positiveInt('seconds', values.seconds, 10),
    rate: positiveInt('rate', values.rate, 5000),
    steadySeconds: positiveInt('steady-seconds', values['steady-seconds'], 10),
    requests: positiveInt('requests', values.requests, 50),
    vehicles: positiveInt('vehicles', values.vehicles, 60),
    days: positiveInt('days', values.days, 14),
  };
}
