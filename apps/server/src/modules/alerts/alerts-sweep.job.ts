import { ALERT_MAX_AGE_MINUTES } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { leftBehind } from './alert-delivery.queries';
import { queueDeliveries } from './alert-fanout';

/**
 * Every minute: what a process stopped before queueing — events not fanned out, deliveries
 * without their job, digests past due — is queued again. Queueing twice is harmless: the
 * fan-out mark, the claim of a delivery and of a digest let only one through.
 */
export async function sweepAlerts(ctx: Pick<AppContext, 'database' | 'jobs'>) {
  const now = Date.now();
  const left = await leftBehind(
    ctx.database.db,
    new Date(now - 2 * 60_000),
    new Date(now - ALERT_MAX_AGE_MINUTES * 60_000),
  );
  if (left.events.length > 0) await ctx.jobs.enqueue('alert-fanout', { event_ids: left.events });
  await queueDeliveries(ctx, left.deliveries);
  for (const id of left.digests) await ctx.jobs.enqueue('alert-digest', { digest_id: id });
}
