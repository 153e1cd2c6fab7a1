import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyServerOptions } from 'fastify';
import { inject } from 'vitest';
import type { Role } from '@waymark/domain';
import { createContext } from '../roles/shared-context';
import { parseConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import {
  accountMemberships,
  accounts,
  accountSettings,
  devices,
  geofences,
  models,
  users,
} from '../db/schema';
import { buildApp } from '../roles/all-in-one';
import { hashPassword } from '../modules/auth/passwords';
import { withDatabase } from './global-setup';

/**
 * PostgreSQL runs (TEST_DATABASE_URL): the URL of a fresh copy of the migrated template, for
 * a test that hands a database to a process of its own. Undefined on PGlite runs.
 */
export async function createPostgresTestDatabase(): Promise<string | undefined> {
  const postgresTemplate = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (!postgresTemplate || !url) return undefined;
  // Named after the run's template, so a run drops only its own copies.
  const name = `${postgresTemplate.replace('waymark_tpl_', 'waymark_t_')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
  await admin.end();
  return withDatabase(url, name);
}

/** A fresh copy of the migrated template database, private to the calling test file. */
export async function openTestDatabase(): Promise<Database> {
  const url = await createPostgresTestDatabase();
  if (url) return openDatabase({ kind: 'postgres', url });
  const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
  return openDatabase({ kind: 'pglite', loadDataDir: dump });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real app on a private database; the outside world (SMTP) stays the outbox. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: FastifyServerOptions['logger'];
    trustProxy?: boolean;
    /** Another app's database (a restart): left open when this app closes. */
    database?: Database;
  } = {},
) {
  const database = options.database ?? (await openTestDatabase());
  const config = parseConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'waymark-data-')),
    ...env,
  });
  const app = await buildApp((log) => createContext(config, database, log), options);
  await app.ready();
  const ctx = app.ctx;
  return {
    app,
    ctx,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export const TEST_PASSWORD = 'correct horse';
const passwordHash = hashPassword(TEST_PASSWORD);

export async function createAccount(
  t: Pick<TestApp, 'db'>,
  values: Partial<typeof accounts.$inferInsert> & { settings?: Record<string, string> } = {},
) {
  const { settings, ...columns } = values;
  const [account] = await t.db
    .insert(accounts)
    .values({ title: `Account ${unique()}`, ...columns })
    .returning();
  if (!account) throw new Error('account not created');
  if (settings && Object.keys(settings).length > 0) {
    await t.db
      .insert(accountSettings)
      .values(
        Object.entries(settings).map(([code, value]) => ({ account_id: account.id, code, value })),
      );
  }
  return account;
}

export async function createUser(
  t: Pick<TestApp, 'db'>,
  options: {
    account?: { id: number };
    role?: Role;
    is_gpx_admin?: boolean;
    email?: string;
    full_device_access?: boolean;
  } = {},
) {
  const [user] = await t.db
    .insert(users)
    .values({
      name: `User ${unique()}`,
      email: options.email ?? `user-${unique()}@example.test`,
      password_hash: await passwordHash,
      is_gpx_admin: options.is_gpx_admin ?? false,
    })
    .returning();
  if (!user) throw new Error('user not created');
  if (options.account) {
    await t.db.insert(accountMemberships).values({
      account_id: options.account.id,
      user_id: user.id,
      role: options.role ?? 'admin',
      full_device_access: options.full_device_access ?? true,
    });
  }
  return user;
}

/** Logs in through the real endpoint and returns the Authorization header for the user. */
export async function authHeader(t: Pick<TestApp, 'app'>, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/token',
    payload: { email, password: TEST_PASSWORD },
  });
  const { data } = response.json<{ data: { token: string } }>();
  return { authorization: `Bearer ${data.token}` };
}

export async function createModel(
  t: Pick<TestApp, 'db'>,
  values: Partial<typeof models.$inferInsert> = {},
) {
  const [model] = await t.db
    .insert(models)
    .values({ title: 'Mobile 200', device_type: `ll02-${unique()}`, protocol: 'gt06', ...values })
    .returning();
  return model!;
}

export async function createDevice(
  t: Pick<TestApp, 'db'>,
  account: { id: number },
  values: Partial<typeof devices.$inferInsert> = {},
) {
  const model_id = values.model_id ?? (await createModel(t)).id;
  const [device] = await t.db
    .insert(devices)
    .values({
      account_id: account.id,
      model_id,
      name: `Tracker ${unique()}`,
      serial: `86${Date.now().toString().slice(-8)}${String(sequence++).padStart(5, '0')}`,
      ...values,
    })
    .returning();
  return device!;
}

export async function createGeofence(
  t: Pick<TestApp, 'db'>,
  account: { id: number },
  values: Partial<typeof geofences.$inferInsert> = {},
) {
  const [geofence] = await t.db
    .insert(geofences)
    .values({
      account_id: account.id,
      name: `Geofence ${unique()}`,
      lat: 41.88,
      lng: -87.63,
      radius: 0.5,
      ...values,
    })
    .returning();
  return geofence!;
}
