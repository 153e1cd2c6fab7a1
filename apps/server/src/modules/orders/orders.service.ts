import { ORDER_STATUSES, type OrderStatus } from '@waymark/domain';
import { found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { pageMeta } from '../../http/pagination';
import { statusList } from './order-status-list';
import { authorizeBilling } from '../billing/billing.access';
import { subscriptionsByIds } from '../subscriptions/subscriptions.service';
import { presentOrder, presentOrderListItem, presentPayment } from './orders.present';
import {
  accountTitle,
  itemCounts,
  itemsOfOrder,
  orderById,
  orderPage,
  paymentsOfOrder,
  subscriptionIdsOfOrder,
  type OrderRow,
} from './orders.queries';

/** The order of the actor's account (404 for another account's, as for none). */
export async function orderOf(db: Db, actor: Actor, orderId: number): Promise<OrderRow> {
  authorizeBilling(actor);
  const order = await orderById(db, orderId);
  return found(order?.account_id === actor.accountId ? order : undefined);
}

export async function ordersOf(
  ctx: AppContext,
  actor: Actor,
  query: { page: number; per_page: number; status?: string | undefined },
) {
  authorizeBilling(actor);
  const { db } = ctx.database;
  const statuses = statusList<OrderStatus>(ORDER_STATUSES, query.status);
  const { rows, total } = await orderPage(db, actor.accountId, {
    statuses,
    page: query.page,
    perPage: query.per_page,
  });
  const counts = await itemCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => presentOrderListItem(r, counts.get(r.id) ?? 0)),
    meta: pageMeta(total, query.page, query.per_page),
  };
}

/** An order with its items, invoice lines, payments, addresses and account. */
export async function orderDetails(ctx: AppContext, actor: Actor, orderId: number) {
  const { db } = ctx.database;
  const order = await orderOf(db, actor, orderId);
  return presentOrder(
    order,
    await itemsOfOrder(db, order.id),
    await paymentsOfOrder(db, order.id),
    await accountTitle(db, order.account_id),
  );
}

export async function paymentsOfOrderFor(ctx: AppContext, actor: Actor, orderId: number) {
  const { db } = ctx.database;
  const order = await orderOf(db, actor, orderId);
  return (await paymentsOfOrder(db, order.id)).map(presentPayment);
}

/** The subscriptions the order pays for (the order detail's Subscriptions table). */
export async function subscriptionsOfOrder(ctx: AppContext, actor: Actor, orderId: number) {
  const { db } = ctx.database;
  const order = await orderOf(db, actor, orderId);
  return subscriptionsByIds(db, await subscriptionIdsOfOrder(db, order.id));
}
