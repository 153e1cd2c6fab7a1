import { SMS_TERMS } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { QueuedJob } from '../../jobs/job-queue';
import { claimNotification, releaseNotification } from './shipment-clock.queries';

type Ctx = Pick<AppContext, 'database' | 'mailer' | 'sms' | 'config'>;

/** "Mar 2, 2026, 20:00 UTC": recipients live in many zones, so the time names its own. */
function utc(value: Date | string) {
  const date = new Date(value);
  const day = date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${day}, ${date.toISOString().slice(11, 16)} UTC`;
}

/**
 * The job of one shipment notification: an e-mail or a text message to one recipient with the
 * event's description and the public tracking link. The row is marked sent before sending and
 * given back if sending fails, so a retried job sends it once.
 */
export async function sendShipmentNotification(
  ctx: Ctx,
  job: QueuedJob<{ notification_id: number }>,
) {
  const { db } = ctx.database;
  const id = job.data.notification_id;
  const n = await claimNotification(db, id);
  if (!n) return;
  const link = new URL(`/shipments/track/${n.uuid}`, ctx.config.appUrl).href;
  try {
    if (n.channel === 'email') {
      await ctx.mailer.send({
        to: n.recipient,
        subject: n.description,
        text:
          `${n.description}.\n\nShipment: ${n.name}\nScheduled end: ${utc(n.end_at)}\n\n` +
          `Follow it: ${link}\n`,
      });
    } else {
      await ctx.sms.send(n.recipient, `${n.description}. Follow it: ${link} ${SMS_TERMS}`);
    }
  } catch (error) {
    await releaseNotification(db, id);
    throw error;
  }
}
