import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  mailOutbox,
  outboundMessages,
  shipmentEvents,
  shipmentNotifications,
  smsOutbox,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { refusingWorld, type RefusingWorld } from '../delivery/delivery.fixture';
import { runShipmentClock } from './shipment-clock.job';
import { sendShipmentNotification } from './shipment-notifications';
import { HOUR, hoursFromNow, shipmentFleet } from './shipments.fixture';

let t: TestApp;
let world: RefusingWorld;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://track.example.test' });
  world = refusingWorld(t);
});
afterAll(() => t.close());

const mailTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const smsTo = (to: string) => t.db.select().from(smsOutbox).where(eq(smsOutbox.to, to));

describe('shipment notifications', () => {
  it('mails and texts each recipient once per event, with the public link', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create({
      start_at: hoursFromNow(-3),
      end_at: hoursFromNow(-1),
      notification_emails: ['late-ops@example.test'],
      notification_phone_numbers: ['+1 312 555 0142'],
    });
    await t.ctx.jobs.idle();
    const description =
      'Shipment PO 4471 is running late: it has not reached Customer Yard by its scheduled end';
    const [mail, ...moreMail] = await mailTo('late-ops@example.test');
    expect(moreMail).toEqual([]);
    expect(mail).toMatchObject({ subject: description });
    expect(mail!.text).toContain(`https://track.example.test/shipments/track/${shipment.uuid}`);
    const [sms, ...moreSms] = await smsTo('+1 312 555 0142');
    expect(moreSms).toEqual([]);
    expect(sms!.text).toBe(
      `${description}. Follow it: https://track.example.test/shipments/track/${shipment.uuid} Reply HELP for help; STOP to opt out`,
    );

    // A retried job finds its notification sent and sends nothing.
    const [event] = await t.db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipment_id, shipment.id));
    const rows = await t.db
      .select()
      .from(shipmentNotifications)
      .where(eq(shipmentNotifications.shipment_event_id, event!.id));
    expect(rows.every((r) => r.sent_at !== null && r.queued_at !== null)).toBe(true);
    for (const row of rows) {
      await sendShipmentNotification(t.ctx, {
        id: 'again',
        name: 'shipment-notification',
        data: { notification_id: row.id },
      });
    }
    expect(await mailTo('late-ops@example.test')).toHaveLength(1);
  });

  it('retries a refused recipient alone; the jobs run again send nobody twice', async () => {
    const f = await shipmentFleet(t);
    world.refuse('flaky@example.test', '+1 312 555 0177');
    const shipment = await f.create({
      notification_emails: ['flaky@example.test', 'steady@example.test'],
      notification_phone_numbers: ['+1 312 555 0177', '+1 312 555 0178'],
    });
    await t.app.inject({
      method: 'POST',
      url: f.url(`/${shipment.id}/finished`),
      headers: f.headers.admin,
    });
    await t.ctx.jobs.idle();
    expect(await mailTo('steady@example.test')).toHaveLength(1);
    expect(await smsTo('+1 312 555 0178')).toHaveLength(1);
    expect(await mailTo('flaky@example.test')).toHaveLength(0);
    const [event] = await t.db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipment_id, shipment.id));
    const rows = await t.db
      .select()
      .from(shipmentNotifications)
      .where(eq(shipmentNotifications.shipment_event_id, event!.id));
    expect(rows).toHaveLength(4);
    const messages = (
      await Promise.all(rows.map((r) => world.messages(`shipment-notification:${r.id}:`)))
    ).flat();
    expect(messages.map((m) => [m.to, m.status]).sort()).toEqual([
      ['+1 312 555 0177', 'retrying'],
      ['+1 312 555 0178', 'sent'],
      ['flaky@example.test', 'retrying'],
      ['steady@example.test', 'sent'],
    ]);

    // Each notification's job runs again, as after a kill before the queue marked it done,
    // with its row unmarked: the outbox drops the second copy.
    await t.db
      .update(shipmentNotifications)
      .set({ sent_at: null })
      .where(eq(shipmentNotifications.shipment_event_id, event!.id));
    for (const row of rows) {
      await sendShipmentNotification(t.ctx, {
        id: 'again',
        name: 'shipment-notification',
        data: { notification_id: row.id },
      });
    }
    world.accept('flaky@example.test', '+1 312 555 0177');
    await world.backOffElapses();
    for (const to of ['flaky@example.test', 'steady@example.test']) {
      expect(await mailTo(to)).toHaveLength(1);
    }
    for (const to of ['+1 312 555 0177', '+1 312 555 0178'])
      expect(await smsTo(to)).toHaveLength(1);
  });
});

describe('the scheduled shipment clock', () => {
  it('notifies notify_at hours before the end and marks a silent shipment late at its end', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create({
      start_at: hoursFromNow(-1),
      end_at: hoursFromNow(3),
      notify_at: 5,
      notification_emails: ['notify-ops@example.test'],
    });
    // Created inside its notify window: the warning went out with the creation.
    expect(shipment.status).toBe('not-started');
    await runShipmentClock(t.ctx, new Date(Date.now() + 2 * HOUR));
    await runShipmentClock(t.ctx, new Date(Date.now() + 4 * HOUR));
    await runShipmentClock(t.ctx, new Date(Date.now() + 5 * HOUR));
    await t.ctx.jobs.idle();
    const events = await t.db
      .select({ type: shipmentEvents.event_type, description: shipmentEvents.description })
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipment_id, shipment.id));
    expect(events).toEqual([
      {
        type: 'shipment-notify',
        description: 'Shipment PO 4471 is due at Customer Yard in 5 hours',
      },
      {
        type: 'shipment-late',
        description:
          'Shipment PO 4471 is running late: it has not reached Customer Yard by its scheduled end',
      },
    ]);
    expect((await mailTo('notify-ops@example.test')).map((m) => m.subject)).toEqual(
      events.map((e) => e.description),
    );
  });

  it('queues notifications whose job was never queued', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create({ notification_emails: ['stranded@example.test'] });
    await t.app.inject({
      method: 'POST',
      url: f.url(`/${shipment.id}/finished`),
      headers: f.headers.admin,
    });
    await t.ctx.jobs.idle();
    const [event] = await t.db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipment_id, shipment.id));
    // As if the process had stopped between the commit and the queueing.
    await t.db
      .update(shipmentNotifications)
      .set({ queued_at: null, sent_at: null, created_at: new Date(Date.now() - HOUR) })
      .where(inArray(shipmentNotifications.shipment_event_id, [event!.id]));
    // Never queued, so never in the outbox nor mailed.
    await t.db.delete(mailOutbox).where(eq(mailOutbox.to, 'stranded@example.test'));
    await t.db.delete(outboundMessages).where(eq(outboundMessages.to, 'stranded@example.test'));
    await runShipmentClock(t.ctx);
    await t.ctx.jobs.idle();
    expect(await mailTo('stranded@example.test')).toHaveLength(1);
  });
});
