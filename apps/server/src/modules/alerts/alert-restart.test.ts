import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { parseConfig } from '../../config';
import { createContext } from '../../roles/shared-context';
import type { Database } from '../../db/client';
import { alertDeliveries, deviceEvents, mailOutbox, notificationSettings } from '../../db/schema';
import { buildApp } from '../../roles/all-in-one';
import { createAccount, createDevice, createUser, openTestDatabase } from '../../test/test-app';

// Two lives of the server on one database: the first is stopped (as SIGTERM stops it) while
// it delivers one event to many users, the second takes over what was left.
let database: Database;
const config = parseConfig({
  NODE_ENV: 'test',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'waymark-data-')),
});
const start = async () => {
  const app = await buildApp((log) => createContext(config, database, log));
  await app.ready();
  return app;
};

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('loses nothing and sends nothing twice when the server restarts in the middle of delivery', async () => {
  const t = { db: database.db };
  const account = await createAccount(t);
  const tracker = await createDevice(t, account, { name: 'Reefer 40' });
  const members = [];
  for (let i = 0; i < 40; i++) members.push(await createUser(t, { account, role: 'user' }));
  await database.db.insert(notificationSettings).values(
    members.flatMap((m) => [
      { user_id: m.id, account_id: account.id, code: 'notify_low_charge', value: 1 },
      { user_id: m.id, account_id: account.id, code: 'notify_via_email', value: 1 },
    ]),
  );
  const emails = members.map((m) => m.email);
  const sent = async () => {
    const [row] = await database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, emails));
    return row!.n;
  };

  const first = await start();
  const [event] = await database.db
    .insert(deviceEvents)
    .values({
      account_id: account.id,
      device_id: tracker.id,
      event_type: 'low-battery',
      description: 'Reefer 40 battery is low (9%)',
      created_at: new Date(),
    })
    .returning();
  first.ctx.bus.publish('device-events.created', {
    events: [
      {
        account_id: account.id,
        event: { ...event!, created_at: event!.created_at.toISOString() },
      },
    ],
  });
  await vi.waitFor(async () => expect(await sent()).toBeGreaterThan(0), {
    timeout: 60_000,
    interval: 10,
  });
  await first.close();
  const sentByFirst = await sent();

  const second = await start();
  try {
    // A job the stop cut short is retried after its back-off (30 s).
    await vi.waitFor(async () => expect(await sent()).toBe(40), {
      timeout: 150_000,
      interval: 250,
    });
    await second.ctx.jobs.idle();
  } finally {
    await second.close();
  }
  const mails = await database.db
    .select({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, emails));
  expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
  const statuses = await database.db
    .select({ status: alertDeliveries.status })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.event_id, event!.id));
  expect(statuses).toEqual(Array(40).fill({ status: 'sent' }));
  // Printed, not asserted: how the work was split depends on the machine's speed.
  console.info(`sent before the restart: ${sentByFirst} of 40`);
}, 240_000);
