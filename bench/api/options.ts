import { parseArgs } from 'node:util';
import { DEFAULT_POSTGRES } from '../fleet/postgres';
import { positiveInt } from '../shared/options';

export interface ApiBenchOptions {
  postgresUrl: string;
  devices: number;
  /** Requests per connection, per call and concurrency. */
  rounds: number;
  /** Concurrent connections; each call is loaded at every level given. */
  connections: number[];
  /** Names of the calls to load (all of them by default). */
  calls: string[] | undefined;
}

/**
 * `--devices N`, `--rounds N`, `--connections 1,4`, `--calls 'device-list,device-list rows'`;
 * BENCH_DATABASE_URL picks the server.
 */
export function parseApiOptions(argv: string[], env: NodeJS.ProcessEnv): ApiBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      calls: { type: 'string' },
    },
  });
  const connections = (values.connections ?? '1,4')
    .split(',')
    .map((c) => positiveInt('connections', c.trim(), 1));
  return {
    postgresUrl: env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES,
    devices: positiveInt('devices', values.devices, 100_000),
    rounds: positiveInt('rounds', values.rounds, 10),
    connections,
    calls: values.calls?.split(',').map((name) => name.trim()),
  };
}
