import { RENEWAL_RETRY_DAYS } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { insertOrder } from '../orders/order-creation';
import { orderById, paymentsOfOrder, type OrderRow } from '../orders/orders.queries';
import { defaultPaymentMethod, paymentMethodRow } from '../payment-methods/payment-methods.queries';
import { queueBillingNotice } from '../payments/billing-notices';
import { announceSubscriptions } from '../payments/payment-outcomes';
import { chargePayment } from '../payments/payments.service';
import { moveOrder, type PaymentRow } from '../payments/payments.queries';
import { planProductOf } from './plan-product';
import {
  blockExhausted,
  dueForCancellation,
  dueForRenewal,
  dueForRetry,
  dueInstalments,
  failWithoutCard,
  recordAttempt,
} from './renewals.queries';
import { updateSubscription } from './subscriptions.queries';

type Ctx = Pick<AppContext, 'database' | 'bus' | 'jobs' | 'payments'>;

const DAY_MS = 86_400_000;
const NO_CARD = 'No saved card to charge';

/**
 * One try of a renewal payment: charged off session to its card or the account's default.
 * After the first try come the retries of RENEWAL_RETRY_DAYS; after the last, none.
 */
async function attempt(ctx: Ctx, order: OrderRow, payment: PaymentRow, now: Date) {
  const { db } = ctx.database;
  const attempts = payment.attempts + 1;
  const wait = RENEWAL_RETRY_DAYS[attempts - 1];
  await recordAttempt(db, payment.id, {
    attempts,
    next_attempt_at: wait === undefined ? null : new Date(now.getTime() + wait * DAY_MS),
  });
  const card =
    (payment.payment_method_id
      ? await paymentMethodRow(db, order.account_id, payment.payment_method_id)
      : undefined) ?? (await defaultPaymentMethod(db, order.account_id));
  if (!card) {
    await failWithoutCard(db, payment.id, NO_CARD);
    await moveOrder(db, order.id, 'failed');
    return;
  }
  // The outcome comes back through the webhook, like any other payment's.
  await chargePayment(ctx, order, payment, card, true);
}

/** Makes the renewal order of one subscription and tries its payment. */
async function renew(
  ctx: Ctx,
  subscription: Awaited<ReturnType<typeof dueForRenewal>>[number],
  now: Date,
) {
  const { db } = ctx.database;
  const product = await planProductOf(db, subscription.id);
  if (!product) return;
  const months = subscription.renewal_months;
  const orderId = await insertOrder(db, {
    accountId: subscription.account_id,
    kind: 'renewal',
    status: 'pending',
    billingTerm: 'up-front',
    paymentTerm: 'on-receipt',
    lines: [{ product, quantity: 1, months, unitPrice: subscription.renewal_price }],
    shipping: 0,
    taxRateBp: 0,
    promo: null,
    paysFor: [
      { subscriptionId: subscription.id, months, periodStart: subscription.renewal_date ?? now },
    ],
    now,
  });
  await updateSubscription(db, subscription.id, { status: 'pending-renewal' });
  await announceSubscriptions(ctx, [subscription.id]);
  await queueBillingNotice(ctx, {
    kind: 'subscription-renewing',
    account_id: subscription.account_id,
    subscription_id: subscription.id,
  });
  const order = (await orderById(db, orderId))!;
  const [payment] = await paymentsOfOrder(db, orderId);
  if (payment) await attempt(ctx, order, payment, now);
}

/**
 * The hourly `billing-renewals` job (docs/architecture.md, "Billing"): cancels subscriptions
 * whose cancellation date came; renews active subscriptions at their renewal date (an order
 * and its payment, charged to the default card; pending-renewal while unpaid); retries
 * declined renewals after 1, 3 and 5 days; blocks the subscription when the last retry failed.
 * Paying the renewal order later (Pay Now) makes it active again. Charges the later
 * instalments of orders split by billing term when they fall due, retried the same way.
 */
export async function runRenewals(ctx: Ctx, now = new Date()) {
  const { db } = ctx.database;
  const cancelled = await dueForCancellation(db, now);
  await announceSubscriptions(
    ctx,
    cancelled.map((s) => s.id),
  );
  for (const s of cancelled) {
    await queueBillingNotice(ctx, {
      kind: 'subscription-cancelled',
      account_id: s.account_id,
      subscription_id: s.id,
    });
  }
  for (const subscription of await dueForRenewal(db, now)) await renew(ctx, subscription, now);
  for (const { order, payment } of await dueInstalments(db, now))
    await attempt(ctx, order, payment, now);
  for (const { order, payment } of await dueForRetry(db, now))
    await attempt(ctx, order, payment, now);
  const blocked = await blockExhausted(db);
  await announceSubscriptions(
    ctx,
    blocked.map((s) => s.id),
  );
  for (const s of blocked) {
    await queueBillingNotice(ctx, {
      kind: 'subscription-blocked',
      account_id: s.account_id,
      subscription_id: s.id,
    });
  }
}
