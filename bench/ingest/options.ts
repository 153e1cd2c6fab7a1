import { parseArgs } from 'node:util';
import { positiveInt } from '../shared/options';

export interface BenchOptions {
  /** PostgreSQL server URL (a database on it is created for the run), or undefined for PGlite. */
  postgresUrl: string | undefined;
  devices: number;
  geofences: number;
  /** Length of the throughput phase. */
  seconds: number;
  /** Positions/s of the latency phase. */
  rate: number;
  latencySeconds: number;
  recordsPerPacket: number;
  copyRows: number;
  /**
   * Length of each of the four phases comparing the pipeline with and without the filter, trips
   * and summaries steps (0: none).
   */
  measuresSeconds: number;
}

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** `--postgres`, `--devices N`, `--geofences N`, `--seconds N`, `--rate N` and the rest. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      postgres: { type: 'boolean', default: false },
      devices: { type: 'string' },
      geofences: { type: 'string' },
      seconds: { type: 'string' },
      rate: { type: 'string' },
      'latency-seconds': { type: 'string' },
      'records-per-packet': { type: 'string' },
      'copy-rows': { type: 'string' },
      'measures-seconds': { type: 'string' },
    },
  });
  const records = positiveInt('records-per-packet', values['records-per-packet'], 25);
  if (records > 255) throw new Error('--records-per-packet must be at most 255 (Codec 8E limit)');
  return {
    postgresUrl: values.postgres ? (env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES) : undefined,
    devices: positiveInt('devices', values.devices, 10_000),
    geofences: positiveInt('geofences', values.geofences, 2000),
    seconds: positiveInt('seconds', values.seconds, 20),
    rate: positiveInt('rate', values.rate, 5000),
    latencySeconds: positiveInt('latency-seconds', values['latency-seconds'], 20),
    recordsPerPacket: records,
    copyRows: positiveInt('copy-rows', values['copy-rows'], 200_000),
    measuresSeconds:
      values['measures-seconds'] === '0'
        ? 0
        : positiveInt('measures-seconds', values['measures-seconds'], 8),
  };
}
