import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
    INGEST_ENABLED: options.ingest ? 'true' : 'false',
    OSMAND_PORT: '0',
    GT06_PORT: '0',
    TELTONIKA_PORT: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
  };
  if (options.webDistDir) env.WEB_DIST_DIR = options.webDistDir;
  // detached: its own process group, so stopping it never leaves a child behind (PITFALLS.md).
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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

/** CPU seconds (user + system) a process has used so far, from /proc (Linux only). */
export function cpuSeconds(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}
