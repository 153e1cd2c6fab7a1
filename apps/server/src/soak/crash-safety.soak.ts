import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SANDBOX_TEST_CARDS } from '@waymark/domain';
import { openDatabase, queryRows, type Database } from '../db/client';
import {
  accountMemberships,
  accounts,
  devices,
  models,
  notificationSettings,
  users,
} from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { createCatalogue } from '../modules/billing/billing.fixture';
import { freePort, startServer, stopServer, type ServerPorts } from '../test/server-process';
import { call } from './http-call';

/**
 * Issue 24, crash safety: the real server is killed with SIGKILL at a random moment while
 * trackers report, a client writes through the API, low-battery alerts are being delivered and
 * an order is being paid; it is started again, the trackers resend what was not acknowledged,
 * and in the end what was acknowledged is compared with what is stored: nothing lost, nothing
 * twice. CRASH_ITERATIONS kills (100 by default); `npm run test:soak`.
 */

const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 100);
const SETTLE_MS = Number(process.env.CRASH_SETTLE_MS ?? 200_000);
const PASSWORD = 'crash safety 1';
const dataDir = mkdtempSync(join(tmpdir(), 'waymark-crash-'));
const serials = ['356307042440001', '356307042440002', '356307042440003'];
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const openData = () => openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });

/** The account, its admin with low-battery e-mails on, a platform admin and three trackers. */
async function seed(database: Database) {
  const { db } = database;
  const [account] = await db
    .insert(accounts)
    .values({ title: 'Crash Freight', is_b2b_account: true })
    .returning();
  const hash = await hashPassword(PASSWORD);
  const [admin] = await db
    .insert(users)
    .values([
      { name: 'Crash Admin', email: 'admin@crash.test', password_hash: hash },
      { name: 'Crash Root', email: 'root@crash.test', password_hash: hash, is_gpx_admin: true },
    ])
    .returning();
  await db
    .insert(accountMemberships)
    .values({ account_id: account!.id, user_id: admin!.id, role: 'admin' });
  await db.insert(notificationSettings).values(
    ['notify_via_email', 'notify_low_charge'].map((code) => ({
      user_id: admin!.id,
      account_id: account!.id,
      code,
      value: 1,
    })),
  );
  const [model] = await db
    .insert(models)
    .values({ title: 'Phone', device_type: 'crash-phone', protocol: 'osmand' })
    .returning();
  await db.insert(devices).values(
    serials.map((serial, i) => ({
      account_id: account!.id,
      model_id: model!.id,
      name: `Crash tracker ${i + 1}`,
      serial,
    })),
  );
  const catalogue = await createCatalogue({ db });
  return { accountId: account!.id, catalogue };
}

interface Acknowledged {
  /** `${serial} ${fix time in ms}` of every report answered 200. */
  reports: Set<string>;
  /** Reports sent without an answer: the tracker sends them again after the restart. */
  unanswered: Map<string, string>;
  /** Names of geofences whose creation was answered 200. */
  geofences: Set<string>;
  /** Orders whose payment the provider's form confirmed as succeeded. */
  paidOrders: Set<number>;
}

const reportQuery = (serial: string, ms: number, battery: number) =>
  `id=${serial}&lat=${40 + (ms % 100_000) / 1_000_000}&lon=-75&timestamp=${ms}&batt=${battery}`;

/** Each tracker's last fix time: its reports carry the time they are sent, in milliseconds. */
const lastFix = new Map<string, number>();

/** One tracker reporting back to back until the server stops answering. */
async function track(port: number, serial: string, ack: Acknowledged) {
  for (let k = 0; ; k++) {
    const ms = Math.max(Date.now(), (lastFix.get(serial) ?? 0) + 1);
    lastFix.set(serial, ms);
    // Every fourth report drops below 20 %: a low-battery event, an e-mail to the admin.
    const query = reportQuery(serial, ms, k % 4 === 3 ? 10 : 60);
    const key = `${serial} ${ms}`;
    ack.unanswered.set(key, query);
    const { status } = await call(port, 'GET', `/?${query}`);
    if (status !== 200) return;
    ack.unanswered.delete(key);
    ack.reports.add(key);
  }
}

async function writeGeofences(
  port: number,
  session: Session,
  iteration: number,
  ack: Acknowledged,
) {
  for (let k = 0; ; k++) {
    const name = `Crash ${iteration}-${k}`;
    const { status, json } = await call(
      port,
      'POST',
      `/api/accounts/${session.accountId}/geofences`,
      {
        token: session.admin,
        body: {
          name,
          address: { label: 'Chicago, IL, US', lat: 41.88, lng: -87.63 },
          is_irregular: 0,
          lat: 41.88,
          lng: -87.63,
          radius: 0.2,
        },
      },
    );
    if (status === 0) return;
    expect(status, JSON.stringify(json)).toBe(200);
    ack.geofences.add(name);
  }
}

async function payOrder(
  port: number,
  session: Session,
  uuid: string,
  orderId: number,
  ack: Acknowledged,
) {
  const intent = await call(port, 'POST', `/api/public-orders/${uuid}/payment-intent`, {
    body: {},
  });
  if (intent.status !== 200) return;
  const form = new URL(intent.json.data.form_url as string, 'http://x').searchParams;
  const confirmed = await call(
    port,
    'POST',
    `/api/sandbox-pay/intents/${form.get('intent')}/confirm`,
    {
      body: {
        client_secret: form.get('secret'),
        number: SANDBOX_TEST_CARDS.succeeds,
        exp_month: 12,
        exp_year: 2040,
        cvc: '123',
      },
    },
  );
  if (confirmed.status === 200 && confirmed.json.data.status === 'succeeded') {
    ack.paidOrders.add(orderId);
  }
}

interface Session {
  accountId: number;
  admin: string;
  root: string;
  productIds: { hardware: number; plan: number };
}

async function tokenOf(port: number, email: string) {
  const { status, json } = await call(port, 'POST', '/api/token', {
    body: { email, password: PASSWORD },
  });
  expect(status).toBe(200);
  return json.data.token as string;
}

/** Sends the reports the last process never answered; each must be answered now. */
async function resend(port: number, ack: Acknowledged) {
  for (const [key, query] of [...ack.unanswered]) {
    const { status } = await call(port, 'GET', `/?${query}`);
    expect(status, `resent ${key}`).toBe(200);
    ack.unanswered.delete(key);
    ack.reports.add(key);
  }
}

describe('crash safety', () => {
  it(
    `keeps what it acknowledged, once, through ${ITERATIONS} kills at random moments`,
    async () => {
      const ports: ServerPorts = { http: await freePort(), osmand: await freePort() };
      // The sandbox provider posts its webhooks to PORT: the server itself, killed or not.
      const env = {};
      // The first start migrates the empty database; the data goes in while it is down.
      await stopServer(await startServer(dataDir, ports, env), 'SIGTERM');
      const database = await openData();
      const { accountId, catalogue } = await seed(database);
      await database.close();

      const ack: Acknowledged = {
        reports: new Set(),
        unanswered: new Map(),
        geofences: new Set(),
        paidOrders: new Set(),
      };
      let session: Session | undefined;
      const started = Date.now();
      for (let i = 0; i < ITERATIONS; i++) {
        server = await startServer(dataDir, ports, env);
        session ??= {
          accountId,
          admin: await tokenOf(ports.http, 'admin@crash.test'),
          root: await tokenOf(ports.http, 'root@crash.test'),
          productIds: { hardware: catalogue.hardware.id, plan: catalogue.plan.id },
        };
        await resend(ports.osmand, ack);
        const order = await call(ports.http, 'POST', `/api/admin/accounts/${accountId}/orders`, {
          token: session.root,
          body: {
            items: [{ product_id: session.productIds.hardware, quantity: 1 }],
            billing_term: 'up-front',
          },
        });
        expect(order.status).toBe(201);
        const { id: orderId, uuid } = order.json.data as { id: number; uuid: string };

        const load = Promise.all([
          ...serials.map((serial) => track(ports.osmand, serial, ack)),
          writeGeofences(ports.http, session, i, ack),
          payOrder(ports.http, session, uuid, orderId, ack),
        ]);
        // A random moment: before, during or after the payment, mid-batch for the trackers.
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 1500));
        await stopServer(server, 'SIGKILL');
        await load;
      }

      // The last start: what was unanswered is resent, the queue catches up, then a clean stop.
      server = await startServer(dataDir, ports, env);
      await resend(ports.osmand, ack);
      // Long enough for the alerts sweep (every minute, for events over two minutes old) to
      // fan out what a killed process committed but never queued.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      await stopServer(server, 'SIGTERM');
      const killedFor = Date.now() - started;

      const data = await openData();
      const rows = <T>(query: string) => queryRows<T>(data.db, sql.raw(query));
      const stored = await rows<{ key: string; n: number }>(`
        SELECT d.serial || ' ' || (extract(epoch FROM p.fix_time) * 1000)::bigint AS key, count(*)::int AS n
        FROM positions p JOIN devices d ON d.id = p.device_id GROUP BY 1`);
      const storedReports = new Map(stored.map((r) => [r.key, r.n]));
      const geofences = await rows<{ name: string; n: number }>(
        `SELECT name, count(*)::int AS n FROM geofences GROUP BY name`,
      );
      const storedGeofences = new Map(geofences.map((r) => [r.name, r.n]));
      const payments = await rows<{ order_id: number; status: string; n: number }>(`
        SELECT o.id AS order_id, o.status, count(p.id) FILTER (WHERE p.status = 'succeeded')::int AS n
        FROM orders o LEFT JOIN payments p ON p.order_id = o.id GROUP BY o.id, o.status`);
      const deliveries = await rows<{ status: string; n: number }>(`
        SELECT coalesce(a.status, 'none') AS status, count(*)::int AS n
        FROM device_events e
        LEFT JOIN alert_deliveries a ON a.event_id = e.id AND a.channel = 'email'
        WHERE e.event_type = 'low-battery' GROUP BY 1`);
      // Each e-mail delivery marked sent was handed to the outbox under its key
      // (`alert:<event>:email:<address>`, alertKey) and mailed from there once.
      const mails = await rows<{ unmailed: number; twice: number }>(`
        SELECT
          (SELECT count(*)::int FROM alert_deliveries a
            WHERE a.channel = 'email' AND a.status = 'sent' AND NOT EXISTS (
              SELECT 1 FROM mail_outbox m
              WHERE m.key = 'alert:' || a.event_id || ':email:' || a.recipient)) AS unmailed,
          (SELECT count(*)::int FROM (SELECT key FROM mail_outbox WHERE key IS NOT NULL
            GROUP BY key HAVING count(*) > 1) k) AS twice`);
      await data.close();

      const lostReports = [...ack.reports].filter((key) => !storedReports.has(key));
      const doubledReports = [...storedReports].filter(([, n]) => n > 1);
      const lostGeofences = [...ack.geofences].filter((name) => !storedGeofences.has(name));
      const doubledGeofences = [...storedGeofences].filter(([, n]) => n > 1);
      const unpaid = payments.filter((p) => ack.paidOrders.has(p.order_id) && p.n !== 1);
      const paidTwice = payments.filter((p) => p.n > 1);
      const byStatus = Object.fromEntries(deliveries.map((d) => [d.status, d.n]));
      console.info(
        [
          `crash safety: ${ITERATIONS} kills in ${Math.round(killedFor / 1000)} s`,
          `  reports acknowledged ${ack.reports.size}: lost ${lostReports.length}, twice ${doubledReports.length}`,
          `  geofences acknowledged ${ack.geofences.size}: lost ${lostGeofences.length}, twice ${doubledGeofences.length}`,
          `  payments confirmed ${ack.paidOrders.size}: unrecorded ${unpaid.length}, twice ${paidTwice.length}`,
          `  low-battery e-mails by delivery status: ${JSON.stringify(byStatus)}; sent but not mailed ${mails[0]?.unmailed}, mailed twice ${mails[0]?.twice}`,
        ].join('\n'),
      );
      expect(lostReports).toEqual([]);
      expect(doubledReports).toEqual([]);
      expect(lostGeofences).toEqual([]);
      expect(doubledGeofences).toEqual([]);
      expect(unpaid).toEqual([]);
      expect(paidTwice).toEqual([]);
      // Every low-battery event has its e-mail delivery: sent, or still queued for a retry.
      expect(byStatus.none ?? 0).toBe(0);
      expect(mails[0]).toEqual({ unmailed: 0, twice: 0 });
    },
    3 * 3600_000,
  );
});
