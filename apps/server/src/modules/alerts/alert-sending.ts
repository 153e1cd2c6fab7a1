import { digestText, formatMessageTime, SMS_TERMS } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { QueuedJob } from '../../jobs/job-queue';
import { queueMessages } from '../delivery';
import {
  claimDelivery,
  digestToSend,
  heldAlerts,
  markDigestSent,
  markDigested,
  markSent,
  releaseDelivery,
  userTimeZone,
  type ClaimedDelivery,
} from './alert-delivery.queries';

type Ctx = Pick<AppContext, 'database' | 'jobs' | 'storage' | 'config' | 'bus'>;

/** One alert to one recipient through one channel: the same key however often it is queued. */
export const alertKey = (d: Pick<ClaimedDelivery, 'event_id' | 'channel' | 'recipient'>) =>
  `alert:${d.event_id}:${d.channel}:${d.recipient}`;

async function send(ctx: Ctx, d: ClaimedDelivery) {
  const tracker = new URL(`/trackers/${d.device_id}`, ctx.config.appUrl).href;
  const settings = new URL('/alerts', ctx.config.appUrl).href;
  // On the recipient's clock (their profile's zone), the zone named.
  const time = formatMessageTime(d.created_at, d.time_zone);
  if (d.channel === 'email') {
    await queueMessages(ctx, [
      {
        key: alertKey(d),
        kind: 'alert',
        to: d.recipient!,
        subject: d.description,
        text:
          `${d.description}.\n\nTracker: ${d.device_name}\nTime: ${time}\n\n` +
          `See it: ${tracker}\n\nChoose which alerts you receive: ${settings}\n`,
      },
    ]);
  } else if (d.channel === 'sms') {
    await queueMessages(ctx, [
      {
        key: alertKey(d),
        kind: 'alert',
        channel: 'sms',
        to: d.recipient!,
        text: `${d.description} (${time}). ${SMS_TERMS}`,
      },
    ]);
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
 * The job of one delivery: claimed (so a retry of a sent one queues nothing), handed to the
 * outbox under its key (mail, SMS) or told to the open tabs (in the app), marked sent. The
 * outbox sends, retries a refused recipient alone and keeps the failure; a delivery queued
 * twice (a process killed before marking) is one message, by its key.
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

/**
 * The job of one digest: every alert held for the user and channel, in one message handed to
 * the outbox under the digest's key, then the digest and its alerts marked. Run again after a
 * kill in between, it queues the same key (dropped) and marks them.
 */
export async function sendAlertDigest(ctx: Ctx, job: QueuedJob<{ digest_id: number }>) {
  const { db } = ctx.database;
  const digest = await digestToSend(db, job.data.digest_id);
  if (!digest) return;
  const held = await heldAlerts(db, digest.id);
  if (held.length > 0) {
    const { subject, text } = digestText(held, await userTimeZone(db, digest.user_id));
    const link = new URL('/alerts', ctx.config.appUrl).href;
    const key = `alert-digest:${digest.id}:${digest.channel}:${digest.recipient}`;
    await queueMessages(ctx, [
      digest.channel === 'email'
        ? {
            key,
            kind: 'alert-digest',
            to: digest.recipient,
            subject,
            text: `${text}\nAll alerts: ${link}\n`,
          }
        : {
            key,
            kind: 'alert-digest',
            channel: 'sms',
            to: digest.recipient,
            text: `${subject}. See them: ${link} ${SMS_TERMS}`,
          },
    ]);
    await markDigested(
      db,
      held.map((h) => h.id),
    );
  }
  await markDigestSent(db, digest.id);
}
