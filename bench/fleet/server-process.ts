import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LISTENERS_ON_FREE_PORTS } from '../../apps/server/src/test/server-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, exited: () => string | null, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const gone = exited();
    if (gone !== null) throw new Error(`the server exited before it was up: ${gone}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}

/** Node's flags in `npm start` (the young generation's size, tsx), read from package.json. */
function startFlags(): string[] {
  const scripts = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    }
  ).scripts;
  const command = scripts.start.split('&&').pop()!.trim().split(/\s+/);
  const main = command.indexOf('apps/server/src/main.ts');
  if (command[0] !== 'node' || main < 0) {
    throw new Error(
      `npm start no longer ends in "node … apps/server/src/main.ts": ${scripts.start}`,
    );
  }
  return command.slice(1, main);
}

export interface ServerProcessOptions {
  databaseUrl: string;
  /** Built web app to serve (WEB_DIST_DIR); the server's default is apps/web/dist. */
  webDistDir?: string | undefined;
  /** Device listeners (on free ports) for benches that feed positions; off by default. */
  ingest?: boolean;
}

/**
 * The real server in its own process, started as `npm start` starts it (without the demo seed),
 * so the bench's own work (load generator, browser driver) does not share its event loop.
 */
export async function startServerProcess(options: ServerProcessOptions) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-bench-server-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    DEMO_SIMULATOR: 'false',
    // The bundled map unless the run names a style: benches measure this machine, not a host.
    MAP_STYLE_URL: process.env.MAP_STYLE_URL || 'offline',
    INGEST_ENABLED: options.ingest ? 'true' : 'false',
    ...LISTENERS_ON_FREE_PORTS,
    // Every simulated tracker connects from 127.0.0.1: one address holds the whole fleet.
    DEVICE_MAX_CONNECTIONS_PER_ADDRESS: '100000',
    DEVICE_MAX_CONNECTIONS_PER_LISTENER: '100000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
  };
  if (options.webDistDir) env.WEB_DIST_DIR = options.webDistDir;
  // detached: its own process group, so stopping it never leaves a child behind (PITFALLS.md).
  const child = spawn(process.execPath, [...startFlags(), 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
    if (process.env.BENCH_LOG_LEVEL) process.stderr.write(chunk);
  });
  let exit: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = `code ${code} signal ${signal}\n${stderr}`;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exit === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Gone in the meantime.
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, () => exit, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, stop, stderr: () => stderr };
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/** The fields of /proc/{pid}/stat after the command name, or undefined once it is gone. */
function statFields(pid: number | string) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return {
      command: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      fields: text.slice(text.lastIndexOf(')') + 2).split(' '),
    };
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux only). */
export function cpuSeconds(pid: number): number {
  const stat = statFields(pid);
  return stat ? (Number(stat.fields[11]) + Number(stat.fields[12])) / 100 : NaN;
}

/**
 * CPU seconds of every process of this command (`postgres`) so far, with the children they have
 * reaped: PostgreSQL's parallel workers live for one query, and their time is added to the
 * postmaster's when they end. Meaningful only for a database on this machine.
 */
export function commandCpuSeconds(command: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = statFields(pid);
    if (stat?.command !== command) continue;
    const [user, system, children, childrenSystem] = stat.fields.slice(11, 15).map(Number);
    total += (user! + system! + children! + childrenSystem!) / 100;
  }
  return total;
}
