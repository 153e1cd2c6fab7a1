import {
  BILLING_MESSAGES,
  subscriptionStatusSchema,
  type SubscriptionStatus,
} from '@waymark/domain';
import { found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { invalidField } from '../../errors/domain-error';
import { pageMeta } from '../../http/pagination';
import { authorizeBilling } from '../billing/billing.access';
import { presentOrderListItem } from '../orders/orders.present';
import { itemCounts, ordersOfSubscription } from '../orders/orders.queries';
import { statusList } from '../orders/order-status-list';
import { announceSubscriptions } from '../payments/payment-outcomes';
import { queueBillingNotice } from '../payments/billing-notices';
import { presentSubscription } from './subscriptions.present';
import {
  devicesOf,
  mostRecentOrders,
  subscriptionById,
  subscriptionPage,
  subscriptionsWithIds,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions.queries';

/** Rows as API subscriptions, with their trackers and newest orders. */
async function present(db: Db, rows: SubscriptionRow[]) {
  const ids = rows.map((r) => r.id);
  const devices = await devicesOf(db, ids);
  const recent = await mostRecentOrders(db, ids);
  return rows.map((row) =>
    presentSubscription(
      row,
      devices.filter((d) => d.subscription_id === row.id),
      recent.get(row.id),
    ),
  );
}

export async function subscriptionsByIds(db: Db, ids: number[]) {
  return present(db, await subscriptionsWithIds(db, ids));
}

/** The subscription of the actor's account (404 for another account's, as for none). */
export async function subscriptionOf(db: Db, actor: Actor, id: number) {
  authorizeBilling(actor);
  const row = await subscriptionById(db, id);
  return found(row?.account_id === actor.accountId ? row : undefined);
}

export async function subscriptionsOf(
  ctx: AppContext,
  actor: Actor,
  query: {
    page: number;
    per_page: number;
    status?: string | undefined;
    query?: string | undefined;
  },
) {
  authorizeBilling(actor);
  const { db } = ctx.database;
  const { rows, total } = await subscriptionPage(db, actor.accountId, {
    statuses: statusList<SubscriptionStatus>(subscriptionStatusSchema.options, query.status),
    query: query.query,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: await present(db, rows), meta: pageMeta(total, query.page, query.per_page) };
}

export async function subscriptionDetails(ctx: AppContext, actor: Actor, id: number) {
  const { db } = ctx.database;
  const [subscription] = await present(db, [await subscriptionOf(db, actor, id)]);
  return subscription!;
}

/** The related orders table of the subscription detail: newest first. */
export async function ordersOfSubscriptionFor(ctx: AppContext, actor: Actor, id: number) {
  const { db } = ctx.database;
  const subscription = await subscriptionOf(db, actor, id);
  const rows = await ordersOfSubscription(db, subscription.id);
  const counts = await itemCounts(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map((r) => presentOrderListItem(r.order, counts.get(r.order.id) ?? 0));
}

type Wanted = 'pending-cancellation' | 'cancelled' | 'active';

/** From which statuses each change is allowed (spec 002 §4.1: the Cancel and Activate modals). */
const ALLOWED_FROM: Record<Wanted, readonly SubscriptionStatus[]> = {
  'pending-cancellation': ['active'],
  cancelled: ['active', 'pending-cancellation', 'blocked', 'pending-renewal'],
  active: ['pending-cancellation'],
};

/**
 * PUT /subscriptions/{id}/status. Cancel asks for pending-cancellation: the subscription runs
 * to its renewal date (cancel_at), when the renewal job cancels it. A blocked one has nothing
 * left to run, so cancelling it cancels it now. Activate (from pending-cancellation) takes the
 * cancellation back. cancelled cancels now.
 */
export async function changeSubscriptionStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  wanted: Wanted,
) {
  const { db } = ctx.database;
  const row = await subscriptionOf(db, actor, id);
  const target: Wanted =
    wanted === 'pending-cancellation' && row.status === 'blocked' ? 'cancelled' : wanted;
  if (!ALLOWED_FROM[target].includes(row.status)) {
    throw invalidField('status', BILLING_MESSAGES.statusChangeNotAllowed(row.status, wanted));
  }
  const now = new Date();
  await updateSubscription(db, id, {
    status: target,
    cancel_at:
      target === 'active' ? null : target === 'cancelled' ? now : (row.renewal_date ?? now),
  });
  await announceSubscriptions(ctx, [id]);
  if (target === 'cancelled') {
    await queueBillingNotice(ctx, {
      kind: 'subscription-cancelled',
      account_id: row.account_id,
      subscription_id: id,
    });
  }
  return subscriptionDetails(ctx, actor, id);
}
