import { formatMessageTime, SMS_TERMS } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { QueuedJob } from '../../jobs/job-queue';
import { queueMessages } from '../delivery';
import { markNotificationSent, notificationToSend } from './shipment-clock.queries';

type Ctx = Pick<AppContext, 'database' | 'jobs' | 'storage' | 'config'>;

/**
 * The job of one shipment notification: an e-mail or a text message to one recipient with the
 * event's description and the public tracking link, handed to the outbox under the row's key
 * and then marked sent. Run again (a process killed in between), it queues the same key,
 * which the outbox drops; the outbox sends it and retries a refusal.
 */
export async function sendShipmentNotification(
  ctx: Ctx,
  job: QueuedJob<{ notification_id: number }>,
) {
  const { db } = ctx.database;
  const id = job.data.notification_id;
  const n = await notificationToSend(db, id);
  if (!n) return;
  const link = new URL(`/shipments/track/${n.uuid}`, ctx.config.appUrl).href;
  const key = `shipment-notification:${id}:${n.channel}:${n.recipient}`;
  await queueMessages(ctx, [
    n.channel === 'email'
      ? {
          key,
          kind: 'shipment-notification',
          to: n.recipient,
          subject: n.description,
          text:
            `${n.description}.\n\nShipment: ${n.name}\nScheduled end: ${formatMessageTime(n.end_at, n.time_zone)}\n\n` +
            `Follow it: ${link}\n`,
        }
      : {
          key,
          kind: 'shipment-notification',
          channel: 'sms',
          to: n.recipient,
          text: `${n.description}. Follow it: ${link} ${SMS_TERMS}`,
        },
  ]);
  await markNotificationSent(db, id);
}
