import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { alertDeliveries, alertFanouts, deviceEvents, users } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { refusingWorld, type RefusingWorld } from '../delivery/delivery.fixture';
import { sendAlert } from './alert-sending';

/**
 * Issue 39 item 12: alert mail and SMS go through the one outbox, one message per recipient
 * and channel; a recipient whose server refuses is retried alone, and the delivery jobs run
 * again after a kill send nobody twice.
 */
let t: TestApp;
let world: RefusingWorld;
beforeAll(async () => {
  t = await createTestApp();
  world = refusingWorld(t);
});
afterAll(() => t.close());

/** A member who turned on low-battery alerts by mail (and by SMS with a phone), in the API. */
async function listener(account: { id: number }, phone?: string) {
  const user = await createUser(t, { account, role: 'user' });
  if (phone) await t.db.update(users).set({ phone }).where(eq(users.id, user.id));
  const settings = [
    { code: 'notify_low_charge', value: 1 },
    { code: 'notify_via_email', value: 1 },
    ...(phone ? [{ code: 'notify_via_sms', value: 1 }] : []),
  ];
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/accounts/${account.id}/notification-settings`,
    headers: await authHeader(t, user.email),
    payload: { settings },
  });
  expect(response.statusCode).toBe(200);
  return user;
}

describe('alerts through the outbox', () => {
  it('one message per recipient; a refused one retried alone; a re-run sends nobody twice', async () => {
    const account = await createAccount(t);
    const tracker = await createDevice(t, account, { name: 'Reefer 12' });
    const [a, b] = [await listener(account), await listener(account)];
    const c = await listener(account, '+13125550131');
    world.refuse(b.email, '+13125550131');

    const [event] = await t.db
      .insert(deviceEvents)
      .values({
        account_id: account.id,
        device_id: tracker.id,
        event_type: 'low-battery',
        description: 'Reefer 12 battery is low (9%)',
        created_at: new Date(),
      })
      .returning();
    t.ctx.bus.publish('device-events.created', {
      events: [
        {
          account_id: account.id,
          event: { ...event!, created_at: event!.created_at.toISOString() },
        },
      ],
    });
    await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select({ n: count() })
          .from(alertFanouts)
          .where(eq(alertFanouts.event_id, event!.id));
        expect(row!.n).toBe(1);
      },
      { timeout: 60_000, interval: 100 },
    );
    await t.ctx.jobs.idle();

    const messages = await world.messages(`alert:${event!.id}:`);
    expect(messages.map((m) => [m.channel, m.to, m.status]).sort()).toEqual(
      [
        ['mail', a.email, 'sent'],
        ['mail', b.email, 'retrying'],
        ['mail', c.email, 'sent'],
        ['sms', '+13125550131', 'retrying'],
      ].sort(),
    );
    expect(await world.mailsTo(a.email)).toHaveLength(1);
    expect(await world.mailsTo(b.email)).toHaveLength(0);

    // Killed after handing the messages over, before marking the deliveries: every delivery
    // job runs again, and the fan-out is asked again.
    const deliveries = await t.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.event_id, event!.id));
    await t.db
      .update(alertDeliveries)
      .set({ status: 'sending' })
      .where(
        inArray(
          alertDeliveries.id,
          deliveries.map((d) => d.id),
        ),
      );
    for (const d of deliveries) {
      await sendAlert(t.ctx, { id: 'again', name: 'alert-delivery', data: { delivery_id: d.id } });
    }
    await t.ctx.jobs.enqueue('alert-fanout', { event_ids: [event!.id] });
    await t.ctx.jobs.idle();
    expect(await world.messages(`alert:${event!.id}:`)).toHaveLength(4);

    world.accept(b.email, '+13125550131');
    await world.backOffElapses();
    for (const user of [a, b, c]) {
      const [mail, ...more] = await world.mailsTo(user.email);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ subject: 'Reefer 12 battery is low (9%)' });
    }
    const texts = await world.smsTo('+13125550131');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toMatch(/^Reefer 12 battery is low \(9%\) \(/);
    expect((await world.messages(`alert:${event!.id}:`)).every((m) => m.status === 'sent')).toBe(
      true,
    );
  });
});
