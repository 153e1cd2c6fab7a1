import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { users } from './db/schema';
import { StartRefused } from './production-checks';
import { startServices } from './roles/all-in-one';
import { createPostgresTestDatabase } from './test/test-app';
import { freePort, LISTENERS_ON_FREE_PORTS } from './test/server-process';

/**
 * Issue 39 item 8: production has no demo by default, refuses to start beside demo logins,
 * and has a first-run path (npm run create-admin prints a set-password link).
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const children: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A database of this test's own: a PostgreSQL copy on PostgreSQL runs, else a PGlite dir. */
async function freshDatabaseEnv(): Promise<Record<string, string>> {
  const url = await createPostgresTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-prod-'));
  return url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATABASE_URL: '', DATA_DIR: dataDir };
}

const quiet = { LOG_LEVEL: 'silent', DEMO_SIMULATOR: 'false', INGEST_ENABLED: 'false' };

/** Runs a server script to its end (or until `until` shows in its output) and answers it. */
function run(args: string[], env: Record<string, string>, until?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until && output.includes(until)) {
        child.kill('SIGTERM');
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('production defaults', { timeout: 240_000 }, () => {
  it('seeds the demo by default, but not with NODE_ENV=production unless SEED_DEMO=true', () => {
    expect(parseConfig({}).SEED_DEMO).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toMatchObject({
      SEED_DEMO: true,
      demoOnPurpose: true,
    });
  });

  it('refuses to start in production while a demo login exists, unless SEED_DEMO=true', async () => {
    const env = { ...quiet, ...(await freshDatabaseEnv()) };
    const dev = await startServices(
      parseConfig({ ...env, NODE_ENV: 'test', SEED_DEMO: 'false' }),
      false,
    );
    await dev.ctx.database.db.insert(users).values({
      name: 'Riley Root',
      email: 'root@demo.test',
      password_hash: 'x',
      is_gpx_admin: true,
    });
    await dev.app.close();
    await dev.ctx.database.close();

    const refused = await startServices(
      parseConfig({ ...env, NODE_ENV: 'production' }),
      false,
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StartRefused);
    expect((refused as Error).message).toContain('Refusing to start: NODE_ENV=production');
    expect((refused as Error).message).toContain('root@demo.test');
    expect((refused as Error).message).toContain('SEED_DEMO=true');

    const kept = await startServices(
      parseConfig({ ...env, NODE_ENV: 'production', SEED_DEMO: 'true' }),
      false,
    );
    const login = await kept.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: 'root@demo.test', password: 'wrong one' },
    });
    expect(login.statusCode).toBe(401);
    await kept.app.close();
    await kept.ctx.database.close();
  });

  it('a fresh production install says how to create the admin, whose printed link sets the password', async () => {
    const env = { ...quiet, ...(await freshDatabaseEnv()), NODE_ENV: 'production' };
    const port = String(await freePort());
    const first = await run(
      ['src/main.ts'],
      { ...env, ...LISTENERS_ON_FREE_PORTS, PORT: port, APP_URL: 'https://track.example.com' },
      'Waymark is running',
    );
    expect(first.output).toContain('No platform admin yet');
    expect(first.output).toContain('npm run create-admin -- --email');
    expect(first.output).not.toContain('Demo logins');

    const bad = await run(['src/create-admin.ts', '--email', 'not-an-address'], env);
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('--email "not-an-address": must be an e-mail address');

    const created = await run(
      ['src/create-admin.ts', '--email', 'Ops@Example.com', '--name', 'Olga Ops'],
      { ...env, APP_URL: 'https://track.example.com' },
    );
    expect(created.code).toBe(0);
    const href = /https:\/\/track\.example\.com\/reset-password\?\S+/.exec(created.output)?.[0];
    expect(href).toBeDefined();
    const link = new URL(href!);
    expect(link.searchParams.get('email')).toBe('ops@example.com');

    const server = await startServices(parseConfig(env), false);
    const inject = server.app.inject.bind(server.app);
    const password = 'a first admin password';
    const before = await inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: 'ops@example.com', password },
    });
    expect(before.statusCode).toBe(401);
    const set = {
      token: link.searchParams.get('token'),
      email: 'ops@example.com',
      password,
      password_confirmation: password,
    };
    const reset = await inject({ method: 'PUT', url: '/api/reset-password', payload: set });
    expect(reset.statusCode).toBe(200);
    const again = await inject({ method: 'PUT', url: '/api/reset-password', payload: set });
    expect(again.statusCode).toBe(422);

    const login = await inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: 'ops@example.com', password },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ data: { token: string } }>().data.token;
    const me = await inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ data: { is_gpx_admin: boolean; name: string } }>().data).toMatchObject({
      is_gpx_admin: true,
      name: 'Olga Ops',
    });
    await server.app.close();
    await server.ctx.database.close();

    const later = await run(
      ['src/main.ts'],
      { ...env, ...LISTENERS_ON_FREE_PORTS, PORT: port },
      'Waymark is running',
    );
    expect(later.output).toContain('Waymark is running');
    expect(later.output).not.toContain('No platform admin yet');
  });
});
