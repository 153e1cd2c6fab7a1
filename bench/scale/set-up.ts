import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LISTENERS_ON_FREE_PORTS } from '../../apps/server/src/test/server-process';

/** What bench:scale starts: the one process of `npm start`, or N ingest + N worker processes. */
export type SetUp = { kind: 'one' } | { kind: 'split'; pairs: number };

export const describeSetUp = (s: SetUp) =>
  s.kind === 'one' ? '1 process (all roles)' : `${s.pairs} ingest + ${s.pairs} worker`;

const serverDir = fileURLToPath(new URL('../../apps/server', import.meta.url));

/**
 * Starts the set-up as an operator does (`main.ts`, or `npm run cluster` with one api process
 * for the websocket) on `databaseUrl`, and resolves once its banner is out: its ports and the
 * pids of its processes, whose memory the bench samples.
 */
export async function startSetUp(
  setUp: SetUp,
  env: { databaseUrl: string; busUrl: string; prefix: string; httpPort: number },
) {
  const args =
    setUp.kind === 'one'
      ? ['src/main.ts']
      : [
          'src/cluster/cluster-main.ts',
          '--api',
          '1',
          '--ingest',
          String(setUp.pairs),
          '--worker',
          String(setUp.pairs),
        ];
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...LISTENERS_ON_FREE_PORTS,
      DATABASE_URL: env.databaseUrl,
      BUS_URL: env.busUrl,
      BUS_SUBJECT_PREFIX: env.prefix,
      PORT: String(env.httpPort),
      APP_URL: `http://127.0.0.1:${env.httpPort}`,
      SEED_DEMO: 'false',
      DEMO_SIMULATOR: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
      ROLES: '',
      // Every simulated tracker connects from 127.0.0.1: one address holds the whole fleet.
      DEVICE_MAX_CONNECTIONS_PER_ADDRESS: '100000',
      DEVICE_MAX_CONNECTIONS_PER_LISTENER: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output = await new Promise<string>((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (/Devices: .*\n/.test(text)) resolve(text);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args[0]} exited (${code}):\n${text}`)));
  });
  // After the banner, what the processes say (errors, a crash) goes to the bench's output.
  child.stdout!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[bench] ${args[0]} exited (${code ?? signal}) during the run`);
  });
  let stopping = false;
  const port = (label: string) => {
    const found = new RegExp(`${label}[^\\n]*?:(\\d+)`).exec(output)?.[1];
    if (!found) throw new Error(`no ${label} port in:\n${output}`);
    return Number(found);
  };
  const pids =
    setUp.kind === 'one'
      ? [child.pid!]
      : [...(/Processes: (.*)/.exec(output)?.[1] ?? '').matchAll(/\d{2,}/g)].map((m) =>
          Number(m[0]),
        );
  return {
    pids,
    ports: {
      osmand: port('OsmAnd/Traccar Client http'),
      gt06: port('GT06 tcp'),
      teltonika: port('Teltonika tcp'),
    },
    httpUrl: `http://127.0.0.1:${env.httpPort}`,
    realtimeUrl: `ws://127.0.0.1:${env.httpPort}/api/realtime`,
    stop: () => {
      stopping = true;
      return stopTree(child);
    },
  };
}

function stopTree(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  const kill = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
  return exited.finally(() => clearTimeout(kill));
}
