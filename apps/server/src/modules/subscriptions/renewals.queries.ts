import { and, eq, inArray, isNotNull, lte, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, orderSubscriptions, payments, subscriptions } from '../../db/schema';

/** Active subscriptions whose renewal date has come and that have no unpaid renewal yet. */
export function dueForRenewal(db: Db, now: Date) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        isNotNull(subscriptions.renewal_date),
        lte(subscriptions.renewal_date, now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orderSubscriptions)
            .innerJoin(orders, eq(orders.id, orderSubscriptions.order_id))
            .where(
              and(
                eq(orderSubscriptions.subscription_id, subscriptions.id),
                eq(orders.kind, 'renewal'),
                inArray(orders.status, ['pending', 'failed']),
              ),
            ),
        ),
      ),
    );
}

/** Subscriptions asked to cancel whose paid period is over. */
export function dueForCancellation(db: Db, now: Date) {
  return db
    .update(subscriptions)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(subscriptions.status, 'pending-cancellation'),
        isNotNull(subscriptions.cancel_at),
        lte(subscriptions.cancel_at, now),
      ),
    )
    .returning({ id: subscriptions.id, account_id: subscriptions.account_id });
}

/**
 * Later instalments of orders split by their billing term (monthly, device up front, …)
 * that fell due: never tried, and their order's first payment was made (an order nobody paid
 * yet is paid by its customer, not charged by the job). Orders being cancelled or refunded
 * owe nothing more.
 */
export function dueInstalments(db: Db, now: Date) {
  return db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.attempts, 0),
        lte(payments.due_date, now),
        notInArray(orders.status, ['pending-cancellation', 'cancelled', 'refunded']),
        sql`exists (select 1 from ${payments} paid where paid.order_id = ${orders.id}
          and paid.status = 'succeeded' and paid.due_date < ${payments.due_date})`,
      ),
    );
}

/**
 * Charges the job tried that were declined (renewals and instalments) whose next try has
 * come: only the job sets next_attempt_at, so a customer's own failed payment is not retried.
 */
export function dueForRetry(db: Db, now: Date) {
  return db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(
      and(
        eq(payments.status, 'failed'),
        isNotNull(payments.next_attempt_at),
        lte(payments.next_attempt_at, now),
      ),
    );
}

/**
 * Renewal payments that failed on their last try (no next attempt left): their subscriptions,
 * still pending-renewal, become blocked.
 */
export function blockExhausted(db: Db) {
  return db
    .update(subscriptions)
    .set({ status: 'blocked' })
    .from(orderSubscriptions)
    .where(
      and(
        eq(orderSubscriptions.subscription_id, subscriptions.id),
        eq(subscriptions.status, 'pending-renewal'),
        sql`exists (select 1 from ${payments} join ${orders} on ${orders.id} = ${payments.order_id}
          where ${orders.id} = ${orderSubscriptions.order_id} and ${orders.kind} = 'renewal'
          and ${payments.status} = 'failed' and ${payments.next_attempt_at} is null
          and ${payments.attempts} > 0)`,
      ),
    )
    .returning({ id: subscriptions.id, account_id: subscriptions.account_id });
}

export function recordAttempt(
  db: Db,
  paymentId: number,
  values: { attempts: number; next_attempt_at: Date | null },
) {
  return db.update(payments).set(values).where(eq(payments.id, paymentId));
}

/** No card to charge: the try fails here, as a declined charge would. */
export function failWithoutCard(db: Db, paymentId: number, error: string) {
  return db
    .update(payments)
    .set({ status: 'failed', last_error: error })
    .where(eq(payments.id, paymentId));
}
