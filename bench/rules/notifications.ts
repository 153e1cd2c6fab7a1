import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { WorkerContext } from '../../apps/server/src/roles/worker-context';
import { queryRows } from '../../apps/server/src/db/client';
import { queueDeliveries } from '../../apps/server/src/modules/alerts/alert-fanout';
import type { MailCount } from './receivers';
import { NOTIFICATION_DOMAIN, seedNotifications } from './seed';

export interface DeliveryFigures {
  notifications: number;
  seedSeconds: number;
  /** Time to queue the `alert-delivery` jobs (as the fan-out does, one by one). */
  enqueueSeconds: number;
  /** Messages the SMTP server accepted while the jobs were being queued (each wakes the worker). */
  receivedWhileQueueing: number;
  /** From the first job queued to the last message accepted, or to the cap when not all came. */
  totalSeconds: number;
  messagesPerSecond: number;
  received: number;
  /** Whether every message arrived within the cap. */
  complete: boolean;
  capSeconds: number;
  sent: number;
  failed: number;
}

/**
 * Stores `count` queued e-mail deliveries, queues their jobs through the alert fan-out's own
 * `queueDeliveries`, and times the job queue's `alert-delivery` worker sending them through
 * the mail adapter (SMTP_URL) to the local server until every one arrived, or `capSeconds`.
 */
export async function measureDelivery(
  ctx: WorkerContext,
  mail: MailCount,
  accountId: number,
  userId: number,
  count: number,
  capSeconds: number,
): Promise<DeliveryFigures> {
  const { db } = ctx.database;
  const seeded = performance.now();
  const ids = await seedNotifications(db, accountId, userId, count);
  const seedSeconds = (performance.now() - seeded) / 1000;
  const before = mail.byDomain.get(NOTIFICATION_DOMAIN) ?? 0;
  const started = performance.now();
  await queueDeliveries(ctx, ids);
  const enqueueSeconds = (performance.now() - started) / 1000;
  const receivedWhileQueueing = (mail.byDomain.get(NOTIFICATION_DOMAIN) ?? 0) - before;
  // Waits as the product runs, without waking the worker as the tests' `jobs.idle()` does.
  let lastAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const complete = await Promise.race([
    mail.waitFor(NOTIFICATION_DOMAIN, before + ids.length).then(() => {
      lastAt = performance.now();
      return true;
    }),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), capSeconds * 1000);
    }),
  ]);
  clearTimeout(timer);
  if (!complete) lastAt = performance.now();
  const totalSeconds = (lastAt - started) / 1000;
  const received = (mail.byDomain.get(NOTIFICATION_DOMAIN) ?? 0) - before;
  // The last messages arrive a moment before their jobs mark them sent: give the marks a few
  // seconds, so `failed` counts deliveries that did not go, not ones still being marked.
  const outcome = () =>
    queryRows<{ sent: number; failed: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
                 count(*) FILTER (WHERE status <> 'sent')::int AS failed
          FROM alert_deliveries WHERE id = ANY(${sql.param(ids)}::bigint[])`,
    );
  let [row] = await outcome();
  for (let tries = 0; complete && row && row.sent < received && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    [row] = await outcome();
  }
  return {
    notifications: ids.length,
    seedSeconds,
    enqueueSeconds,
    receivedWhileQueueing,
    totalSeconds,
    messagesPerSecond: received / totalSeconds,
    received,
    complete,
    capSeconds,
    sent: row?.sent ?? 0,
    failed: row?.failed ?? 0,
  };
}
