import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONFIGURED_PORT,
  DEMO_GT06_PORT,
  E2E_PORT,
  MAP_ASSETS_PORT,
  mapAssetsUrl,
} from './servers';

/**
 * Global setup of the browser tests: the two Waymark installations and the stand-in map
 * services, started side by side. (Playwright's `webServer` list starts one after the other;
 * each installation seeds 90 days of demo history first, so that doubled the wait.) Returns
 * the teardown that stops them.
 */

const E2E_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 15_000;

export interface Server {
  name: string;
  healthUrl: string;
  child: ChildProcess;
  /** Its stderr so far, to say why it stopped before answering. */
  stderr: string[];
  exited: Promise<number | null>;
}

/** A Waymark server on `port` with the demo data in a fresh embedded database, plus `env`. */
export function waymarkServer(
  name: string,
  port: number,
  dataDir: string,
  env: Record<string, string>,
) {
  return startServer(name, ['--import', 'tsx', '../apps/server/src/main.ts'], port, {
    PORT: String(port),
    DATA_DIR: dataDir,
    // Free ports for the device listeners, so parallel runs on one machine do not clash.
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
    SEED_DEMO: 'true',
    // The bundled map: the machine may have no internet (the configured server's stand-in
    // style replaces it there; map/offline-fallback.spec makes that one unreachable).
    MAP_STYLE_URL: 'offline',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...env,
  });
}

function startServer(name: string, args: string[], port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd: E2E_DIR,
    env: { ...process.env, ...env },
    // Its own process group, so stopping it stops whatever it started too (PITFALLS.md).
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString());
    process.stderr.write(`[${name}] ${chunk.toString()}`);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const healthUrl =
    port === MAP_ASSETS_PORT ? `${mapAssetsUrl}/health` : `http://localhost:${port}/api/health`;
  return { name, healthUrl, child, stderr, exited } satisfies Server;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Whether anything answers HTTP on the port (a leftover server of an earlier run, say). */
async function inUse(port: number): Promise<boolean> {
  try {
    await fetch(`http://localhost:${port}/`);
    return true;
  } catch {
    return false;
  }
}

/** Resolves when the server answers its health URL; rejects if it exits or takes too long. */
export async function ready(server: Server, deadline: number): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (!(await answers(server.healthUrl))) {
    if (exitCode !== undefined) {
      throw new Error(
        `${server.name} exited (${exitCode}) before answering ${server.healthUrl}:\n${server.stderr.join('')}`,
      );
    }
    if (Date.now() > deadline) {
      throw new Error(`${server.name} did not answer ${server.healthUrl} within 5 minutes`);
    }
    // Polling the health URL, as Playwright's webServer does.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.pid === undefined) return;
  // SIGTERM first: the server closes its database cleanly.
  process.kill(-server.child.pid, 'SIGTERM');
  const stopped = await Promise.race([
    server.exited.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS).unref()),
  ]);
  if (!stopped) process.kill(-server.child.pid, 'SIGKILL');
}

export default async function startServers() {
  for (const port of [E2E_PORT, CONFIGURED_PORT, MAP_ASSETS_PORT]) {
    if (await inUse(port)) {
      throw new Error(`Port ${port} is in use; set E2E_PORT to move the test servers`);
    }
  }
  // A fresh embedded database for every run (E2E_DATA_DIR keeps the demo one where asked);
  // the servers seed the demo data into it.
  const made: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  const servers = [
    waymarkServer('demo', E2E_PORT, process.env.E2E_DATA_DIR ?? tempDir('waymark-e2e-'), {
      DEMO_REPORT_URL: `${mapAssetsUrl}/report`,
      GT06_PORT: String(DEMO_GT06_PORT),
    }),
    startServer(
      'map assets',
      ['--import', 'tsx', 'support/map-assets-server.ts'],
      MAP_ASSETS_PORT,
      {},
    ),
    waymarkServer('configured', CONFIGURED_PORT, tempDir('waymark-e2e-configured-'), {
      // Its demo fleet stays still: one moving fleet is enough for the machine's two cores.
      DEMO_SIMULATOR: 'false',
      MAP_STYLE_URL: `${mapAssetsUrl}/style.json`,
      SATELLITE_URL: `${mapAssetsUrl}/tiles/{z}/{x}/{y}.png`,
      // A custom report whose address never answers: the Analytics tab says so.
      DEMO_REPORT_URL: `${mapAssetsUrl}/report-unreachable`,
    }),
  ];
  const teardown = async () => {
    await Promise.all(servers.map(stop));
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    await Promise.all(servers.map((server) => ready(server, deadline)));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
