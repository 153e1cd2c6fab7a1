import { digestText, SMS_TERMS } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { QueuedJob } from '../../jobs/job-queue';
import {
  claimDelivery,
  claimDigest,
  heldAlerts,
  markDigested,
  markSent,
  releaseDelivery,
  releaseDigest,
  type ClaimedDelivery,
} from './alert-delivery.queries';

type Ctx = Pick<AppContext, 'database' | 'mailer' | 'sms' | 'config' | 'bus'>;

/** "2026-03-02 20:00 UTC": recipients live in many zones, so the time names its own. */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

async function send(ctx: Ctx, d: ClaimedDelivery) {
  const tracker = new URL(`/trackers/${d.device_id}`, ctx.config.appUrl).href;
  const settings = new URL('/alerts', ctx.config.appUrl).href;
  if (d.channel === 'email') {
    await ctx.mailer.send({
      key: `alert-delivery-${d.id}`,
      to: d.recipient!,
      subject: d.description,
      text:
        `${d.description}.\n\nTracker: ${d.device_name}\nTime: ${utc(d.created_at)}\n\n` +
        `See it: ${tracker}\n\nChoose which alerts you receive: ${settings}\n`,
    });
  } else if (d.channel === 'sms') {
    await ctx.sms.send(d.recipient!, `${d.description} (${utc(d.created_at)}). ${SMS_TERMS}`);
  } else {
    // In the app: the user's open tabs show it (the realtime events channel).
    ctx.bus.publish('alert.notified', {
      account_id: d.account_id,
      user_id: d.user_id,
      alert: {
        id: d.event_id,
        device_id: d.device_id,
        device: { id: d.device_id, name: d.device_name },
        event_type: d.event_type,
        description: d.description,
        created_at: d.created_at,
        lat: d.lat,
        lng: d.lng,
        user_id: d.user_id,
      },
    });
  }
}

/**
 * The job of one delivery: claimed (so a retry of a sent one sends nothing), sent through its
 * channel, marked sent; a failure gives it back with its message and the job is retried with
 * back-off. Only a process dying between sending and marking can send it twice.
 */
export async function sendAlert(ctx: Ctx, job: QueuedJob<{ delivery_id: number }>) {
  const { db } = ctx.database;
  const delivery = await claimDelivery(db, job.data.delivery_id);
  if (!delivery) return;
  try {
    await send(ctx, delivery);
  } catch (error) {
    await releaseDelivery(db, delivery.id, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await markSent(db, delivery.id);
}

/** The job of one digest: every alert held for the user and channel, in one message. */
export async function sendAlertDigest(ctx: Ctx, job: QueuedJob<{ digest_id: number }>) {
  const { db } = ctx.database;
  const digest = await claimDigest(db, job.data.digest_id);
  if (!digest) return;
  const held = await heldAlerts(db, digest.id);
  if (held.length === 0) return;
  const { subject, text } = digestText(held);
  const link = new URL('/alerts', ctx.config.appUrl).href;
  try {
    if (digest.channel === 'email') {
      await ctx.mailer.send({
        key: `alert-digest-${digest.id}`,
        to: digest.recipient,
        subject,
        text: `${text}\nAll alerts: ${link}\n`,
      });
    } else {
      await ctx.sms.send(digest.recipient, `${subject}. See them: ${link} ${SMS_TERMS}`);
    }
  } catch (error) {
    await releaseDigest(db, digest.id);
    throw error;
  }
  await markDigested(
    db,
    held.map((h) => h.id),
  );
}
