import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import type { DatabaseTarget } from '../db/client';
import { createPostgresTestDatabase } from '../test/test-app';

// A queued job is kept in the database, not in the process: one process queues it and is
// killed with SIGKILL before it is due; a second process on the same data runs it.
const fixture = fileURLToPath(new URL('./queue-restart.fixture.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'waymark-jobs-restart-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the fixture and resolves with it and the first line matching `ready`. */
async function startFixture(args: string[], ready: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, ...args], {
    cwd: serverDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: string[] = [];
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      const found = ready.exec(output);
      if (found) resolve(found);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) =>
      reject(new Error(`fixture exited (${code ?? signal}) before ${ready}: ${output}`)),
    );
  });
  return { child, match, lines };
}

function exitOf(child: ChildProcess) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
    } else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

it('runs a job queued before a SIGKILL once the queue is started again', async () => {
  const url = await createPostgresTestDatabase();
  const target: DatabaseTarget = url
    ? { kind: 'postgres', url }
    : { kind: 'pglite', dataDir: join(dir, 'pglite') };
  const file = join(dir, 'ran.txt');

  const first = await startFixture(
    ['enqueue', JSON.stringify(target), 'survived'],
    /enqueued (\S+)/,
  );
  const jobId = first.match[1]!;
  process.kill(-first.child.pid!, 'SIGKILL');
  expect(await exitOf(first.child)).toEqual({ code: null, signal: 'SIGKILL' });
  expect(existsSync(file)).toBe(false);

  const second = await startFixture(['work', JSON.stringify(target), file], /ran (\S+)/);
  expect(second.match[1]).toBe(jobId);
  expect(readFileSync(file, 'utf8')).toBe(`${jobId} survived\n`);
  // SIGTERM stops the queue and closes the database cleanly.
  process.kill(-second.child.pid!, 'SIGTERM');
  expect(await exitOf(second.child)).toEqual({ code: 0, signal: null });
}, 180_000);
