import { parseArgs } from 'node:util';
import { positiveInt } from '../shared/options';

export interface DwellBenchOptions {
  /** PostgreSQL server URL (a database on it is created for the run), or undefined for PGlite. */
  postgresUrl: string | undefined;
  geofences: number;
  devices: number;
  /** Days of visit history before now. */
  days: number;
  /** Timed requests of the dwell table (after a warm-up). */
  requests: number;
  /** Geofences in the one account of the pipeline step measurement. */
  stepGeofences: number;
  /** Positions checked per round of the pipeline step measurement. */
  stepPositions: number;
}

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * PostgreSQL by default (the bar is set there; BENCH_DATABASE_URL names the server), `--pglite`
 * for the embedded database; `--geofences`, `--devices`, `--days`, `--requests`,
 * `--step-geofences`, `--step-positions` change the sizes.
 */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): DwellBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      pglite: { type: 'boolean', default: false },
      geofences: { type: 'string' },
      devices: { type: 'string' },
      days: { type: 'string' },
      requests: { type: 'string' },
      'step-geofences': { type: 'string' },
      'step-positions': { type: 'string' },
    },
  });
  return {
    postgresUrl: values.pglite ? undefined : (env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES),
    geofences: positiveInt('geofences', values.geofences, 2000),
    devices: positiveInt('devices', values.devices, 10_000),
    days: positiveInt('days', values.days, 90),
    requests: positiveInt('requests', values.requests, 200),
    stepGeofences: positiveInt('step-geofences', values['step-geofences'], 10_000),
    stepPositions: positiveInt('step-positions', values['step-positions'], 500_000),
  };
}
