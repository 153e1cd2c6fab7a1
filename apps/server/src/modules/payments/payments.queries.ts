import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { PAYABLE_ORDER_STATUSES, type OrderStatus } from '@waymark/domain';
import type { Db } from '../../db/client';
import {
  devices,
  orderItems,
  orders,
  orderSubscriptions,
  paymentEvents,
  payments,
  products,
  subscriptions,
} from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

export function paymentRowsOfOrder(db: Db, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.order_id, orderId))
    .orderBy(asc(payments.due_date), asc(payments.id));
}

export async function paymentRow(db: Db, paymentId: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

export async function accountOfPayment(db: Db, paymentId: number) {
  const [row] = await db
    .select({ account_id: orders.account_id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(eq(payments.id, paymentId));
  return row?.account_id;
}

export function setPaymentIntent(db: Db, paymentId: number, intentId: string) {
  return db.update(payments).set({ intent_id: intentId }).where(eq(payments.id, paymentId));
}

export function setPaymentCard(db: Db, paymentId: number, paymentMethodId: number | null) {
  return db
    .update(payments)
    .set({ payment_method_id: paymentMethodId })
    .where(eq(payments.id, paymentId));
}

/** True the first time the event id is seen; a replay answers false. */
export async function eventSeen(db: Db, id: string) {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, id));
  return row !== undefined;
}

export function recordEvent(db: Db, values: typeof paymentEvents.$inferInsert) {
  return db.insert(paymentEvents).values(values).onConflictDoNothing();
}

/**
 * Marks the payment paid unless it already is: answers the row when this call paid it, so its
 * effects run once however often (and in whatever order) the events arrive.
 */
export async function markPaid(db: Db, paymentId: number, intentId: string, at: Date) {
  const [row] = await db
    .update(payments)
    .set({ status: 'succeeded', paid_at: at, intent_id: intentId, last_error: null })
    .where(and(eq(payments.id, paymentId), ne(payments.status, 'succeeded')))
    .returning();
  return row;
}

/** Marks the payment failed unless it was paid (a late failure of an older attempt). */
export async function markFailed(db: Db, paymentId: number, error: string) {
  const [row] = await db
    .update(payments)
    .set({ status: 'failed', last_error: error })
    .where(and(eq(payments.id, paymentId), ne(payments.status, 'succeeded')))
    .returning();
  return row;
}

export async function orderRow(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** Moves the order on, only from a payable status (a paid order never moves back). */
export function moveOrder(db: Db, orderId: number, status: OrderStatus) {
  return db
    .update(orders)
    .set({ status })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...PAYABLE_ORDER_STATUSES])));
}

export async function orderHasHardware(db: Db, orderId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.product_id))
    .where(and(eq(orderItems.order_id, orderId), eq(products.kind, 'hardware')));
  return (row?.n ?? 0) > 0;
}

/**
 * The subscriptions the order pays for become active, their renewal date moved to at least
 * the end of the paid period (idempotent: greatest()). Cancelled ones stay cancelled.
 */
export async function activatePaidSubscriptions(db: Db, orderId: number, at: Date) {
  return db
    .update(subscriptions)
    .set({
      status: 'active',
      start_at: sql`coalesce(${subscriptions.start_at}, ${at.toISOString()}::timestamptz)`,
      renewal_date: sql`greatest(${subscriptions.renewal_date}, ${orderSubscriptions.period_end})`,
      months: sql`${orderSubscriptions.months}`,
    })
    .from(orderSubscriptions)
    .where(
      and(
        eq(orderSubscriptions.order_id, orderId),
        eq(orderSubscriptions.subscription_id, subscriptions.id),
        notInArray(subscriptions.status, ['cancelled', 'archived']),
      ),
    )
    .returning({ id: subscriptions.id, account_id: subscriptions.account_id });
}

/** The trackers of the subscriptions, for the device.changed events. */
export function devicesOfSubscriptions(db: Db, subscriptionIds: number[]) {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: devices.id, account_id: devices.account_id, serial: devices.serial })
    .from(devices)
    .where(inArray(devices.subscription_id, subscriptionIds));
}
