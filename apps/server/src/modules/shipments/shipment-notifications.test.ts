import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { mailOutbox, shipmentEvents, shipmentNotifications, smsOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runShipmentClock } from './shipment-clock.job';
import { sendShipmentNotification } from './shipment-notifications';
import { HOUR, hoursFromNow, shipmentFleet } from './shipments.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://track.example.test' });
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

  it('gives a notification back when sending fails, so the retry sends it', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create({ notification_emails: ['flaky@example.test'] });
    await t.app.inject({
      method: 'POST',
      url: f.url(`/${shipment.id}/finished`),
      headers: f.headers.admin,
    });
    const [event] = await t.db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipment_id, shipment.id));
    const [row] = await t.db
      .select()
      .from(shipmentNotifications)
      .where(eq(shipmentNotifications.shipment_event_id, event!.id));
    await t.db
      .update(shipmentNotifications)
      .set({ sent_at: null })
      .where(eq(shipmentNotifications.id, row!.id));
    const failing = {
      ...t.ctx,
      mailer: { ...t.ctx.mailer, send: () => Promise.reject(new Error('SMTP down')) },
    };
    const job = { id: 'j', name: 'shipment-notification', data: { notification_id: row!.id } };
    await expect(sendShipmentNotification(failing, job)).rejects.toThrow('SMTP down');
    const [released] = await t.db
      .select()
      .from(shipmentNotifications)
      .where(eq(shipmentNotifications.id, row!.id));
    expect(released!.sent_at).toBeNull();
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
    await t.db.delete(mailOutbox).where(eq(mailOutbox.to, 'stranded@example.test'));
    await runShipmentClock(t.ctx);
    await t.ctx.jobs.idle();
    expect(await mailTo('stranded@example.test')).toHaveLength(1);
  });
});
