import {
  ALERT_MAX_AGE_MINUTES,
  ALERT_RATE_WINDOW_MINUTES,
  channelsFor,
  DIGEST_DELAY_MINUTES,
  INCIDENT_QUIET_MINUTES,
  withinRateLimit,
  type AlertChannel,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { seesAllDevices } from '../../access/device-visibility';
import type { QueuedJob } from '../../jobs/job-queue';
import {
  accountMembers,
  accountsListening,
  eventsToFanOut,
  insertDeliveries,
  lockAccountAlerts,
  markAllFannedOut,
  markFannedOut,
  markQueued,
  openDigest,
  openOrExtendIncident,
  recentCounts,
  type AlertMember,
  type DeliveryInsert,
  type FanoutEvent,
} from './alert-delivery.queries';
import { choicesOf } from './alerts.present';

type Ctx = Pick<AppContext, 'database' | 'jobs'>;
const MINUTE = 60_000;

/** Whether the member sees the event's tracker: the same rule as every tracker call. */
function seesTracker(member: AlertMember, event: FanoutEvent) {
  if (seesAllDevices(member)) return true;
  if (member.device_ids.includes(event.device_id)) return true;
  return event.device_group_ids.some((g) => member.group_ids.includes(g));
}

const recipientOf = (member: AlertMember, channel: AlertChannel) =>
  channel === 'email' ? member.email : channel === 'sms' ? member.phone : null;

/** Geofence enters and exits of one tracker and geofence are one incident while they jitter. */
const incidentKey = (event: FanoutEvent) =>
  (event.event_type === 'geofence-enter' || event.event_type === 'geofence-exit') &&
  event.geofence_id !== null
    ? `geofence:${event.device_id}:${event.geofence_id}`
    : undefined;

/**
 * Works out who hears of one event and through which channels, and stores one delivery for each
 * (user, channel) in one transaction with the mark that the event was fanned out: a second
 * fan-out of the event (a retry, another process, the sweep) finds the mark and does nothing.
 * Messages over a rate limit are held for their user's digest.
 */
async function fanOutEvent(ctx: Ctx, event: FanoutEvent, now: Date) {
  const queued: number[] = [];
  const digests: { id: number; due_at: Date }[] = [];
  await ctx.database.db.transaction(async (tx) => {
    await lockAccountAlerts(tx, event.account_id);
    if (!(await markFannedOut(tx, event.id))) return;
    // A replay of old history is listed in Recent Alerts, never sent.
    if (Date.parse(event.created_at) < now.getTime() - ALERT_MAX_AGE_MINUTES * MINUTE) return;
    const key = incidentKey(event);
    if (key && !(await openOrExtendIncident(tx, key, event, INCIDENT_QUIET_MINUTES))) return;

    const since = new Date(now.getTime() - ALERT_RATE_WINDOW_MINUTES * MINUTE);
    const rows: DeliveryInsert[] = [];
    for (const member of await accountMembers(tx, event.account_id)) {
      if (!seesTracker(member, event)) continue;
      const channels = channelsFor(event.event_type, choicesOf(toStored(member.settings)), member);
      for (const channel of channels) {
        const recipient = recipientOf(member, channel);
        const base = {
          event_id: event.id,
          account_id: event.account_id,
          device_id: event.device_id,
          user_id: member.user_id,
          channel,
          recipient,
        };
        const counts =
          channel === 'app'
            ? { toUser: 0, forTracker: 0 }
            : await recentCounts(tx, member.user_id, event.device_id, channel, since);
        if (withinRateLimit(channel, counts.toUser, counts.forTracker)) {
          // Inserted one by one: the next member's count sees it.
          const [row] = await insertDeliveries(tx, [{ ...base, status: 'queued' }]);
          if (row) queued.push(row.id);
          continue;
        }
        const digest = await openDigest(tx, {
          account_id: event.account_id,
          user_id: member.user_id,
          channel,
          recipient: recipient!,
          due_at: new Date(now.getTime() + DIGEST_DELAY_MINUTES * MINUTE),
        });
        if (digest.opened) digests.push(digest);
        rows.push({ ...base, status: 'held', digest_id: digest.id });
      }
    }
    await insertDeliveries(tx, rows);
  });
  return { queued, digests };
}

const toStored = (settings: Record<string, number>) =>
  Object.entries(settings).map(([code, value]) => ({ code, value }));

/**
 * The job of one batch of device events: each event's deliveries are stored, then each queued
 * one becomes a delivery job and each new digest a job due when it is. Whatever is stored but
 * not queued (the process stopped in between) is queued by the sweep.
 */
export async function fanOutAlerts(ctx: Ctx, job: QueuedJob<{ event_ids: number[] }>) {
  const now = new Date();
  const { db } = ctx.database;
  const events = await eventsToFanOut(db, job.data.event_ids);
  // Most accounts listen to no alert: their events are marked in one statement.
  const listening = await accountsListening(db, [...new Set(events.map((e) => e.account_id))]);
  await markAllFannedOut(
    db,
    events.filter((e) => !listening.has(e.account_id)).map((e) => e.id),
  );
  for (const event of events.filter((e) => listening.has(e.account_id))) {
    const { queued, digests } = await fanOutEvent(ctx, event, now);
    await queueDeliveries(ctx, queued);
    for (const digest of digests) {
      await ctx.jobs.enqueue(
        'alert-digest',
        { digest_id: digest.id },
        { startAfter: digest.due_at },
      );
    }
  }
}

/** One job per delivery, then the mark that it was queued. */
export async function queueDeliveries(ctx: Ctx, ids: readonly number[]) {
  for (const id of ids) await ctx.jobs.enqueue('alert-delivery', { delivery_id: id });
  await markQueued(ctx.database.db, ids);
}
