import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@waymark/domain';
import type { Db } from '../../db/client';
import {
  accounts,
  orderItems,
  orders,
  orderSubscriptions,
  payments,
  products,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect & { product: ProductRow };

export async function orderById(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function orderByUuid(db: Db, uuid: string) {
  const [row] = await db.select().from(orders).where(eq(orders.uuid, uuid));
  return row;
}

export async function accountOfOrder(db: Db, orderId: number) {
  return (await orderById(db, orderId))?.account_id;
}

export async function accountTitle(db: Db, accountId: number) {
  const [row] = await db
    .select({ id: accounts.id, title: accounts.title })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? { id: accountId, title: '' };
}

/** A page of the account's orders, newest first, with each one's item count. */
export async function orderPage(
  db: Db,
  accountId: number,
  filter: { statuses?: OrderStatus[] | undefined; page: number; perPage: number },
) {
  const where: SQL | undefined = and(
    eq(orders.account_id, accountId),
    filter.statuses?.length ? inArray(orders.status, filter.statuses) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  return { rows, total: total?.n ?? 0 };
}

export async function itemCounts(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ order_id: orderItems.order_id, n: count() })
    .from(orderItems)
    .where(inArray(orderItems.order_id, orderIds))
    .groupBy(orderItems.order_id);
  return new Map(rows.map((r) => [r.order_id, r.n]));
}

export async function itemsOfOrder(db: Db, orderId: number): Promise<OrderItemRow[]> {
  const rows = await db
    .select({ item: orderItems, product: products })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.product_id))
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.id));
  return rows.map((r) => ({ ...r.item, product: r.product }));
}

export function paymentsOfOrder(db: Db, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.order_id, orderId))
    .orderBy(asc(payments.due_date), asc(payments.id));
}

export async function subscriptionIdsOfOrder(db: Db, orderId: number) {
  const rows = await db
    .select({ id: orderSubscriptions.subscription_id })
    .from(orderSubscriptions)
    .where(eq(orderSubscriptions.order_id, orderId))
    .orderBy(asc(orderSubscriptions.subscription_id));
  return rows.map((r) => r.id);
}

/** The orders that paid (or pay) for a subscription, newest first. */
export function ordersOfSubscription(db: Db, subscriptionId: number) {
  return db
    .select({ order: orders, months: orderSubscriptions.months })
    .from(orderSubscriptions)
    .innerJoin(orders, eq(orders.id, orderSubscriptions.order_id))
    .where(eq(orderSubscriptions.subscription_id, subscriptionId))
    .orderBy(desc(orders.created_at), desc(orders.id));
}

export function productRows(db: Db) {
  return db.select().from(products).orderBy(asc(products.kind), asc(products.title));
}

export async function productById(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}
