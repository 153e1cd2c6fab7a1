import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  ALERT_RATE_LIMITS,
  NOTIFICATION_CODES,
  SMS_TERMS,
  type NotificationCode,
} from '@waymark/domain';
import {
  accountMemberships,
  alertDeliveries,
  alertDigests,
  alertFanouts,
  deviceEvents,
  mailOutbox,
  smsOutbox,
  timezones,
  users,
} from '../../db/schema';
import type { DomainEvents } from '../../events/catalogue';
import {
  authHeader,
  createAccount,
  createDevice,
  createGeofence,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { sendAlertDigest } from './alert-sending';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Choice = Partial<Record<NotificationCode, 0 | 1>>;

/** A member of the account who chose `choice` through the API. */
async function member(
  account: { id: number },
  choice: Choice,
  options: { role?: 'admin' | 'manager' | 'user' | 'viewer'; sees?: number[]; phone?: string } = {},
) {
  const user = await createUser(t, {
    account,
    role: options.role ?? 'user',
    full_device_access: options.sees === undefined,
  });
  if (options.sees) {
    await t.db
      .update(accountMemberships)
      .set({ device_ids: options.sees })
      .where(
        and(eq(accountMemberships.user_id, user.id), eq(accountMemberships.account_id, account.id)),
      );
  }
  if (options.phone)
    await t.db.update(users).set({ phone: options.phone }).where(eq(users.id, user.id));
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/accounts/${account.id}/notification-settings`,
    headers: await authHeader(t, user.email),
    payload: {
      settings: NOTIFICATION_CODES.filter((c) => choice[c] !== undefined).map((code) => ({
        code,
        value: choice[code],
      })),
    },
  });
  expect(response.statusCode).toBe(200);
  return user;
}

type EventValues = Partial<typeof deviceEvents.$inferInsert> & {
  account_id: number;
  device_id: number;
};

/** Stores events and announces them as the pipeline does after its commit. */
/** Sets the zone of the user's profile, as the profile form does. */
async function inZone(userId: number, identifier: string) {
  await t.db.insert(timezones).values({ identifier }).onConflictDoNothing();
  const [zone] = await t.db.select().from(timezones).where(eq(timezones.identifier, identifier));
  await t.db.update(users).set({ timezone_id: zone!.id }).where(eq(users.id, userId));
}

async function raise(values: EventValues[]) {
  const rows = await t.db
    .insert(deviceEvents)
    .values(
      values.map((v) => ({
        event_type: 'low-battery' as const,
        description: 'Tracker battery is low (12%)',
        created_at: new Date(),
        ...v,
      })),
    )
    .returning();
  t.ctx.bus.publish('device-events.created', {
    events: rows.map((e) => ({
      account_id: e.account_id,
      event: {
        id: e.id,
        device_id: e.device_id,
        event_type: e.event_type,
        description: e.description,
        created_at: e.created_at.toISOString(),
        lat: e.lat,
        lng: e.lng,
      },
    })),
  });
  return rows;
}

/** Waits until the events were fanned out and every delivery job that followed has run. */
async function delivered(eventIds: number[]) {
  await vi.waitFor(
    async () => {
      const [row] = await t.db
        .select({ n: count() })
        .from(alertFanouts)
        .where(inArray(alertFanouts.event_id, eventIds));
      expect(row!.n).toBe(eventIds.length);
    },
    { timeout: 60_000, interval: 100 },
  );
  await t.ctx.jobs.idle();
}

const mailTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);

describe('alert delivery', () => {
  it('gives each of four users who share a tracker exactly one message for one event', async () => {
    const account = await createAccount(t);
    const tracker = await createDevice(t, account, { name: 'Reefer 7' });
    const other = await createDevice(t, account);
    const on: Choice = { notify_low_charge: 1, notify_via_email: 1 };
    const sharing = [
      await member(account, on, { role: 'admin' }),
      await member(account, on, { role: 'manager' }),
      await member(account, on, { role: 'user' }),
      await member(account, on, { role: 'viewer', sees: [tracker.id] }),
    ];
    const blind = await member(account, on, { role: 'viewer', sees: [other.id] });
    const off = await member(account, { notify_via_email: 1 });
    const elsewhere = await member(await createAccount(t), on);

    const [event] = await raise([
      {
        account_id: account.id,
        device_id: tracker.id,
        description: 'Reefer 7 battery is low (12%)',
      },
    ]);
    // Heard twice (a second process on NATS, say): still one message each.
    t.ctx.bus.publish('device-events.created', {
      events: [
        {
          account_id: account.id,
          event: { ...event!, created_at: event!.created_at.toISOString() },
        },
      ],
    });
    await delivered([event!.id]);

    for (const user of sharing) {
      const mails = await mailTo(user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ subject: 'Reefer 7 battery is low (12%)' });
      expect(mails[0]!.text).toContain('Tracker: Reefer 7');
    }
    for (const user of [blind, off, elsewhere]) expect(await mailTo(user.email)).toEqual([]);
    const statuses = await t.db
      .select({ status: alertDeliveries.status })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.event_id, event!.id));
    expect(statuses).toEqual(Array(4).fill({ status: 'sent' }));
  });

  it('sends a text message with the terms to a user with a phone, and tells the app', async () => {
    const account = await createAccount(t);
    const tracker = await createDevice(t, account, { name: 'Van 3' });
    const user = await member(
      account,
      { notify_device_alert: 1, notify_via_sms: 1, notify_via_mobile: 1 },
      { phone: '+13365550100' },
    );
    const noPhone = await member(account, { notify_device_alert: 1, notify_via_sms: 1 });
    await inZone(user.id, 'America/Chicago');
    const heard: DomainEvents['alert.notified'][] = [];
    const stop = t.ctx.bus.subscribe('alert.notified', (m) => void heard.push(m));
    try {
      const [event] = await raise([
        {
          account_id: account.id,
          device_id: tracker.id,
          event_type: 'tamper-alert',
          description: 'Van 3 reported a tamper alarm',
        },
      ]);
      await delivered([event!.id]);
      const texts = await t.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+13365550100'));
      expect(texts).toHaveLength(1);
      // On the clock of the user's profile (Chicago), the zone named.
      const local = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Chicago',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      })
        .format(event!.created_at)
        .replace(/[\u202f\u00a0]/g, ' ');
      expect(local).toMatch(/ C[SD]T$/);
      expect(texts[0]!.text.startsWith(`Van 3 reported a tamper alarm (${local}). `)).toBe(true);

      expect(texts[0]!.text).toContain(SMS_TERMS);
      expect(heard).toEqual([
        {
          account_id: account.id,
          user_id: user.id,
          alert: expect.objectContaining({
            id: event!.id,
            description: 'Van 3 reported a tamper alarm',
            device: { id: tracker.id, name: 'Van 3' },
            user_id: user.id,
          }),
        },
      ]);
      const channels = await t.db
        .select({ user: alertDeliveries.user_id, channel: alertDeliveries.channel })
        .from(alertDeliveries)
        .where(eq(alertDeliveries.event_id, event!.id));
      expect(channels.filter((c) => c.user === noPhone.id)).toEqual([]);
    } finally {
      stop();
    }
  });

  it('tells a tracker jittering across a geofence edge once, not ten times', async () => {
    const account = await createAccount(t);
    const tracker = await createDevice(t, account, { name: 'Truck 9' });
    const depot = await createGeofence(t, account, { name: 'Depot' });
    const user = await member(account, { notify_geofence_enter_exit: 1, notify_via_email: 1 });
    const start = Date.now() - 5 * 60_000;
    const events = await raise(
      Array.from({ length: 10 }, (_, i) => ({
        account_id: account.id,
        device_id: tracker.id,
        geofence_id: depot.id,
        event_type: i % 2 === 0 ? ('geofence-enter' as const) : ('geofence-exit' as const),
        description: i % 2 === 0 ? 'Truck 9 entered Depot' : 'Truck 9 exited Depot',
        created_at: new Date(start + i * 20_000),
      })),
    );
    await delivered(events.map((e) => e.id));
    const mails = await mailTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Truck 9 entered Depot']);
  });

  it('sends at most the limit, then one digest of the rest, for 500 triggers in a minute', async () => {
    const account = await createAccount(t);
    const tracker = await createDevice(t, account, { name: 'Noisy 1' });
    const user = await member(account, { notify_low_charge: 1, notify_via_email: 1 });
    const start = Date.now() - 60_000;
    const events = await raise(
      Array.from({ length: 500 }, (_, i) => ({
        account_id: account.id,
        device_id: tracker.id,
        description: `Noisy 1 battery is low (${i}%)`,
        created_at: new Date(start + i * 100),
      })),
    );
    await delivered(events.map((e) => e.id));
    const limit = ALERT_RATE_LIMITS.email.perTracker;
    expect(await mailTo(user.email)).toHaveLength(limit);

    // The digest is due a quarter of an hour later; its job runs it then.
    const digests = await t.db.select().from(alertDigests).where(eq(alertDigests.user_id, user.id));
    expect(digests).toHaveLength(1);
    const job = { id: 'digest', name: 'alert-digest', data: { digest_id: digests[0]!.id } };
    await sendAlertDigest(t.ctx, job);
    await sendAlertDigest(t.ctx, job);
    await t.ctx.jobs.idle();
    const mails = await mailTo(user.email);
    expect(mails).toHaveLength(limit + 1);
    expect(mails.at(-1)!.subject).toBe(`${500 - limit} more alerts`);
    expect(mails.at(-1)!.text).toContain('Noisy 1: Noisy 1 battery is low (499%)');
  }, 120_000);

  it('marks the events of an account where nobody listens as done, sending nothing', async () => {
    const account = await createAccount(t);
    const tracker = await createDevice(t, account);
    const user = await member(account, { notify_via_email: 1 });
    const events = await raise([
      { account_id: account.id, device_id: tracker.id },
      { account_id: account.id, device_id: tracker.id, event_type: 'tamper-alert' },
    ]);
    await delivered(events.map((e) => e.id));
    const rows = await t.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.account_id, account.id));
    expect(rows).toEqual([]);
    expect(await mailTo(user.email)).toEqual([]);
  });

  it('lists history replayed from long ago without sending it', async () => {
    const account = await createAccount(t);
    const tracker = await createDevice(t, account);
    const user = await member(account, { notify_low_charge: 1, notify_via_email: 1 });
    const [event] = await t.db
      .insert(deviceEvents)
      .values({
        account_id: account.id,
        device_id: tracker.id,
        event_type: 'low-battery',
        description: 'Old news',
        created_at: new Date(Date.now() - 3 * 3600_000),
      })
      .returning();
    await t.ctx.jobs.enqueue('alert-fanout', { event_ids: [event!.id] });
    await delivered([event!.id]);
    expect(await mailTo(user.email)).toEqual([]);
  });
});
