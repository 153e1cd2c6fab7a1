import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../db/client';
import {
  accountMemberships,
  accounts,
  devices,
  models,
  notificationSettings,
  reportSchedules,
  users,
} from '../db/schema';
import { PgBossQueue } from '../jobs/pg-boss-queue';
import type { JobPayloads } from '../jobs/job-catalogue';
import { hashPassword } from '../modules/auth/passwords';
import { freePort, startServer, stopServer, type ServerPorts } from '../test/server-process';
import { call } from './http-call';
import { startHttpStandIn, startSmtpStandIn, type Received } from './stand-ins';

/**
 * Issue 39 item 12, the crash-safety soak's outbox part: every kind of fan-out (alert mail and
 * SMS, rule webhooks, invitations, password resets, billing notices, exports, scheduled
 * reports) is set going at once, the server is killed with SIGKILL in the middle of it, started
 * again, and so on OUTBOX_KILLS times; after the last restart the outbox drains, and each
 * message is counted where it arrived (SMTP, SMS provider, webhook receiver): exactly once.
 * Against PostgreSQL (the soak's own process queues jobs like a second process of the product).
 * `npx vitest run --config apps/server/vitest.soak.config.ts src/soak/outbox-kills.soak.ts`.
 */

const KILLS = Number(process.env.OUTBOX_KILLS ?? 8);
/**
 * How long the last process may take to send what is left: a fan-out job a kill interrupted
 * is `active` in the queue until its expiry (pg-boss's 15 minutes) and then retried; a send
 * it interrupted is claimed again after the outbox's lease (5 minutes).
 */
const DRAIN_LIMIT_MS = Number(process.env.OUTBOX_DRAIN_MS ?? 22 * 60_000);
const PASSWORD = 'outbox kills 1';
const ADMINS = 4;
const SERIALS = ['356307042450001', '356307042450002', '356307042450003'];
const ADMIN_URL = process.env.SOAK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `waymark_outbox_kills_${process.pid}`;
const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const dataDir = mkdtempSync(join(tmpdir(), 'waymark-outbox-kills-'));
let server: ChildProcess | undefined;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(query);
  await client.end();
}

afterAll(async () => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

const adminEmail = (i: number) => `admin${i}@kills.test`;

/** The account with its admins (mail and SMS for low battery), the trackers and the rules flag. */
async function seed({ db }: Database) {
  const [account] = await db
    .insert(accounts)
    .values({ title: 'Kills Freight', is_b2b_account: true, has_rules_engine: true })
    .returning();
  const hash = await hashPassword(PASSWORD);
  const admins = await db
    .insert(users)
    .values(
      Array.from({ length: ADMINS }, (_, i) => ({
        name: `Kills Admin ${i}`,
        email: adminEmail(i),
        phone: `+1555010${String(i).padStart(4, '0')}`,
        password_hash: hash,
      })),
    )
    .returning();
  await db
    .insert(accountMemberships)
    .values(
      admins.map((u) => ({ account_id: account!.id, user_id: u.id, role: 'admin' as const })),
    );
  await db.insert(notificationSettings).values(
    admins.flatMap((u) =>
      ['notify_via_email', 'notify_via_sms', 'notify_low_charge'].map((code) => ({
        user_id: u.id,
        account_id: account!.id,
        code,
        value: 1,
      })),
    ),
  );
  const [model] = await db
    .insert(models)
    .values({ title: 'Phone', device_type: 'kills-phone', protocol: 'osmand' })
    .returning();
  await db.insert(devices).values(
    SERIALS.map((serial, i) => ({
      account_id: account!.id,
      model_id: model!.id,
      name: `Kills tracker ${i + 1}`,
      serial,
    })),
  );
  return { accountId: account!.id, userIds: admins.map((u) => u.id) };
}

/** What the soak set going and the server acknowledged, by kind: the messages owed. */
interface Owed {
  invitations: Set<string>;
  resets: Map<string, number>;
  billingNotices: number;
  exports: number;
  scheduleMails: number;
  /** The status of each call that set a fan-out going (0: the process was killed first). */
  answers: string[];
}

/** Alerts are for fresh events (an hour at most): the reports carry the time they are sent. */
let fix = 0;
/** Every tracker drops to 10 % (a low-battery alert to each admin, and the rule's webhooks). */
async function lowBattery(port: number) {
  for (const serial of SERIALS) {
    for (const battery of [80, 10]) {
      fix = Math.max(Date.now(), fix + 1);
      const query = `id=${serial}&lat=41.88&lon=-87.63&timestamp=${fix}&batt=${battery}`;
      if ((await call(port, 'GET', `/?${query}`)).status !== 200) return;
    }
  }
}

async function fanOuts(
  ports: ServerPorts,
  token: string,
  seeded: { accountId: number; userIds: number[] },
  queue: PgBossQueue<JobPayloads>,
  iteration: number,
  owed: Owed,
) {
  const { accountId, userIds } = seeded;
  const enqueue = async <N extends keyof JobPayloads & string>(name: N, data: JobPayloads[N]) => {
    await queue.enqueue(name, data);
  };
  await Promise.all([
    lowBattery(ports.osmand),
    (async () => {
      const emails = [1, 2, 3].map((k) => `invitee-${iteration}-${k}@kills.test`);
      const invited = await call(ports.http, 'POST', `/api/v2/accounts/${accountId}/invites`, {
        token,
        body: { emails, role: 'viewer', full_device_access: true },
      });
      owed.answers.push(`invites ${invited.status}`);
      if (invited.status === 200) emails.forEach((e) => owed.invitations.add(e));
    })(),
    ...[0, 1].map(async (i) => {
      const answer = await call(ports.http, 'POST', '/api/forgot-password', {
        body: { email: adminEmail(i) },
      });
      owed.answers.push(`forgot-password ${answer.status}`);
      if (answer.status === 200)
        owed.resets.set(adminEmail(i), (owed.resets.get(adminEmail(i)) ?? 0) + 1);
    }),
    (async () => {
      for (let k = 0; k < 2; k++) {
        await enqueue('billing-notice', {
          kind: 'subscription-cancelled',
          account_id: accountId,
          subscription_id: iteration * 10 + k,
        });
        owed.billingNotices += ADMINS;
      }
    })(),
    (async () => {
      for (const userId of userIds.slice(0, 2)) {
        await enqueue('positions-report', {
          user_id: userId,
          account_id: accountId,
          only_current_positions: true,
        });
        owed.exports++;
      }
    })(),
    (async () => {
      const emails = [1, 2, 3].map((k) => `desk-${iteration}-${k}@kills.test`);
      const made = await call(ports.http, 'POST', `/api/accounts/${accountId}/report-schedules`, {
        token,
        body: {
          name: `Daily ${iteration}`,
          report: 'summary',
          frequency: 'daily',
          format: 'xlsx',
          emails,
        },
      });
      owed.answers.push(`report-schedules ${made.status}`);
      if (made.status !== 201) return;
      // Made two days ago: yesterday's report is due, and the sweep sends it.
      const id = (made.json.data as { id: number }).id;
      await scheduleMadeBefore(id);
      owed.scheduleMails += emails.length;
      await enqueue('report-schedules', {});
    })(),
  ]);
}

let database: Database;
const scheduleMadeBefore = (id: number) =>
  database.db
    .update(reportSchedules)
    .set({ created_at: new Date(Date.now() - 2 * 86_400_000) })
    .where(sql`${reportSchedules.id} = ${id}`);

const rows = <T>(query: string) => queryRows<T>(database.db, sql.raw(query));

/** The outbox is drained: nothing waits, no send is half done, no fan-out job is left. */
async function drained() {
  const [left] = await rows<{ messages: number; jobs: number }>(`
    SELECT (SELECT count(*)::int FROM outbound_messages WHERE status <> 'sent') AS messages,
           (SELECT count(*)::int FROM pgboss.job WHERE state IN ('created', 'retry', 'active')
              AND name NOT IN ('outbound-sweep', 'alerts-sweep', 'report-schedules',
                'shipments-clock', 'rules-silence', 'billing-renewals', 'sandbox-webhooks')) AS jobs`);
  return left!.messages === 0 && left!.jobs === 0;
}

const tallied = (items: string[]) =>
  Object.fromEntries(
    [...new Set(items)].sort().map((a) => [a, items.filter((b) => b === a).length]),
  );

const kindOf = (key: string) => {
  const kind = key.split(':')[0]!;
  return kind === 'alert-digest' ? 'alert' : kind;
};

describe('the outbox through kills', () => {
  it(
    `sends each message exactly once through ${KILLS} kills in the middle of every fan-out`,
    async () => {
      await admin(`CREATE DATABASE ${dbName}`);
      const [smtp, sms, hooks] = await Promise.all([
        startSmtpStandIn(),
        startHttpStandIn(),
        startHttpStandIn(),
      ]);
      const ports: ServerPorts = { http: await freePort(), osmand: await freePort() };
      // The reset requests of every kill come from one address: not the throttle's to count.
      const env = {
        DATABASE_URL: dbUrl,
        SMTP_URL: smtp.url,
        SMS_URL: `${sms.url}/sms`,
        LOGIN_RATE_LIMIT: '1000',
      };
      // The first start migrates the empty database.
      await stopServer(await startServer(dataDir, ports, env), 'SIGTERM');
      database = await openDatabase({ kind: 'postgres', url: dbUrl });
      const seeded = await seed(database);
      const queue = new PgBossQueue<JobPayloads>(database, {
        warn: () => undefined,
        error: () => undefined,
      });
      await queue.start();

      const owed: Owed = {
        invitations: new Set(),
        resets: new Map(),
        billingNotices: 0,
        exports: 0,
        scheduleMails: 0,
        answers: [],
      };
      server = await startServer(dataDir, ports, env);
      const token = (
        await call(ports.http, 'POST', '/api/token', {
          body: { email: adminEmail(0), password: PASSWORD },
        })
      ).json.data.token as string;
      const rule = await call(
        ports.http,
        'POST',
        `/api/rules-engine?account_id=${seeded.accountId}`,
        {
          token,
          body: {
            name: 'Battery low: tell the three systems',
            conditions: [{ type: 'battery', data: { below: 20 } }],
            actions: [1, 2, 3].map((k) => ({
              type: 'send_webhook',
              data: { url: `${hooks.url}/hook/${k}` },
            })),
          },
        },
      );
      expect(rule.status, JSON.stringify(rule.json)).toBe(201);

      const started = Date.now();
      for (let i = 0; i < KILLS; i++) {
        server ??= await startServer(dataDir, ports, env);
        const load = fanOuts(ports, token, seeded, queue, i, owed);
        // A random moment in the middle of the fan-outs and their sends.
        await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 1500));
        await stopServer(server, 'SIGKILL');
        server = undefined;
        await load;
      }
      server = await startServer(dataDir, ports, env);
      const drainStart = Date.now();
      // At least past the alerts sweep's two minutes, then until nothing is left to send.
      await new Promise((resolve) => setTimeout(resolve, 150_000));
      while (!(await drained()) && Date.now() - drainStart < DRAIN_LIMIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, 10_000));
      }
      const drainedIn = Date.now() - drainStart;
      await stopServer(server, 'SIGTERM');
      server = undefined;
      await queue.stop();

      const stored = await rows<{ key: string; kind: string; status: string }>(
        `SELECT key, kind, status FROM outbound_messages`,
      );
      const [fired] = await rows<{ runs: number; events: number; deliveries: number }>(`
        SELECT (SELECT count(*)::int FROM rule_action_runs) AS runs,
               (SELECT count(*)::int FROM device_events WHERE event_type = 'low-battery') AS events,
               (SELECT count(*)::int FROM alert_deliveries) AS deliveries`);
      await database.close();
      await Promise.all([smtp.close(), sms.close(), hooks.close()]);

      const received = new Map<string, number>();
      for (const r of [smtp.received, sms.received, hooks.received] as Received[]) {
        for (const [key, n] of r) received.set(key, (received.get(key) ?? 0) + n);
      }
      const byKind = new Map<
        string,
        { stored: number; received: number; twice: number; lost: number }
      >();
      const tally = (kind: string) => {
        if (!byKind.has(kind)) byKind.set(kind, { stored: 0, received: 0, twice: 0, lost: 0 });
        return byKind.get(kind)!;
      };
      for (const m of stored) {
        const t = tally(kindOf(m.key));
        t.stored++;
        if (!received.has(m.key)) t.lost++;
      }
      for (const [key, n] of received) {
        const t = tally(kindOf(key));
        t.received += n;
        if (n > 1) t.twice += n - 1;
      }
      // What was owed from outside, beside what the outbox stored.
      const receivedOf = (prefix: string) =>
        [...received.keys()].filter((k) => k.startsWith(prefix)).length;
      const owedFigures = {
        'invitation (acknowledged addresses)': [owed.invitations.size, receivedOf('invitation:')],
        'password-reset (acknowledged requests)': [
          [...owed.resets.values()].reduce((a, b) => a + b, 0),
          receivedOf('password-reset:'),
        ],
        'billing-notice (queued notices x admins)': [
          owed.billingNotices,
          receivedOf('billing-notice:'),
        ],
        'export (queued exports)': [owed.exports, receivedOf('export:')],
        'schedule (schedules x addresses)': [owed.scheduleMails, receivedOf('schedule:')],
        'rule-run (action runs)': [fired!.runs, receivedOf('rule-run:')],
        'alert (deliveries)': [fired!.deliveries, receivedOf('alert:')],
      };
      console.info(
        [
          `outbox through kills: ${KILLS} kills in ${Math.round((drainStart - started) / 1000)} s, drained in ${Math.round(drainedIn / 1000)} s`,
          `  low-battery events ${fired!.events}, rule action runs ${fired!.runs}, alert deliveries ${fired!.deliveries}`,
          ...[...byKind].map(
            ([kind, t]) =>
              `  ${kind}: stored ${t.stored}, received ${t.received}, duplicated ${t.twice}, lost ${t.lost}`,
          ),
          `  answers to the calls that set fan-outs going: ${JSON.stringify(tallied(owed.answers))}`,
          '  owed from outside vs received (distinct keys):',
          ...Object.entries(owedFigures).map(
            ([what, [o, r]]) => `    ${what}: owed ${o}, received ${r}`,
          ),
        ].join('\n'),
      );

      expect(stored.filter((m) => m.status !== 'sent')).toEqual([]);
      expect([...received].filter(([, n]) => n > 1)).toEqual([]);
      expect(stored.filter((m) => !received.has(m.key))).toEqual([]);
      expect(owedFigures['invitation (acknowledged addresses)'][1]).toBeGreaterThanOrEqual(
        owed.invitations.size,
      );
      expect(owedFigures['billing-notice (queued notices x admins)'][1]).toBe(owed.billingNotices);
      expect(owedFigures['export (queued exports)'][1]).toBe(owed.exports);
      expect(owedFigures['schedule (schedules x addresses)'][1]).toBe(owed.scheduleMails);
      expect(owedFigures['rule-run (action runs)'][1]).toBe(fired!.runs);
      for (const kind of [
        'alert',
        'rule-run',
        'invitation',
        'password-reset',
        'billing-notice',
        'export',
        'schedule',
      ]) {
        expect(tally(kind).received, kind).toBeGreaterThan(0);
      }
    },
    3 * 3600_000,
  );
});
