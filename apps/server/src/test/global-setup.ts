import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { seedTimezones } from '../db/seed/timezones';
import { JOB_NAMES } from '../roles/worker-jobs';
import { installJobQueue } from '../jobs/pg-boss-queue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump each test file starts from. */
    pgliteTemplate: string;
    /** PostgreSQL: a migrated template database each test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database for the run; every test file then gets its own copy, so
 * tests share no state. TEST_DATABASE_URL switches from PGlite to the real server.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `waymark_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const templateUrl = withDatabase(url, name);
    const database = await openDatabase({ kind: 'postgres', url: templateUrl });
    await database.migrate();
    await seedTimezones(database.db);
    await installJobQueue(database, JOB_NAMES);
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        // Only this run's databases: other runs (other checkouts) may be going on beside it.
        'SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2',
        [`waymark_t_${process.pid}_%`, name],
      );
      for (const row of rows)
        await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'waymark-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedTimezones(database.db);
  await installJobQueue(database, JOB_NAMES);
  const dump = await database.dump!();
  await database.close();
  const file = join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
