import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a process of its own, for the tests that kill it (durability, crash
 * safety, soak): started with `npm start`'s entry point, ready when it says it is running.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Every device listener on a free port, so runs side by side never clash. */
export const LISTENERS_ON_FREE_PORTS = {
  OSMAND_PORT: '0',
  GT06_PORT: '0',
  TELTONIKA_PORT: '0',
  H02_PORT: '0',
  GPS103_PORT: '0',
  WATCH_PORT: '0',
  QUECLINK_PORT: '0',
  MEITRACK_PORT: '0',
  JT808_PORT: '0',
  WIALON_PORT: '0',
  SUNTECH_PORT: '0',
  ISTARTEK_PORT: '0',
  RUPTELA_PORT: '0',
  TOPFLYTECH_PORT: '0',
  NAVTELECOM_PORT: '0',
  GALILEOSKY_PORT: '0',
  JT600_PORT: '0',
};

/** No demo, quiet logs; OsmAnd's port is the caller's. */
const QUIET_SERVER = {
  ...LISTENERS_ON_FREE_PORTS,
  SEED_DEMO: 'false',
  DEMO_SIMULATOR: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  DATABASE_URL: '',
};

export interface ServerPorts {
  http: number;
  osmand: number;
}

/** Starts the server on `ports` with its data in `dataDir`; resolves once it is running. */
export async function startServer(
  dataDir: string,
  ports: ServerPorts,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...QUIET_SERVER,
      DATA_DIR: dataDir,
      PORT: String(ports.http),
      OSMAND_PORT: String(ports.osmand),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Waymark is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return child;
}

/** Resolves when the process has exited, including when it already has. */
export function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function stopServer(child: ChildProcess, signal: NodeJS.Signals) {
  child.kill(signal);
  await exitOf(child);
}
