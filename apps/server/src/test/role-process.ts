import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { LISTENERS_ON_FREE_PORTS } from './server-process';

/**
 * `main.ts` started as an operator starts it (`--role`, the environment), for the tests of
 * split set-ups: its own output and exit code, stopped or killed like a real process.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];

/** Kills what a test file started and left running (its afterAll). */
export function killRoleProcesses() {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
}

export const QUIET = {
  ...LISTENERS_ON_FREE_PORTS,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  DEMO_SIMULATOR: 'false',
  NODE_ENV: 'production',
  DATABASE_URL: '',
  BUS_URL: '',
  ROLES: '',
};

/** Starts main.ts with `args`; resolves with its output once `until` shows or it exits. */
export function startRole(args: string[], env: Record<string, string>, until: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...QUIET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  return new Promise<{ child: ChildProcess; code: number | null; output: string }>((resolve) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(until)) resolve({ child, code: null, output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => resolve({ child, code, output }));
  });
}

/** SIGTERM (a stop) or SIGKILL (a crash); resolves once the process is gone. */
export function stopRole(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, signal);
  return exited;
}

/** True when something accepts connections on the port. */
export function listening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The port a started process's banner gives a listener (`OsmAnd/Traccar Client http :N`). */
export function bannerPort(output: string, label: RegExp) {
  const port = new RegExp(`${label.source}[^\\n]*?:(\\d+)`).exec(output)?.[1];
  if (!port) throw new Error(`no port for ${label} in:\n${output}`);
  return Number(port);
}
