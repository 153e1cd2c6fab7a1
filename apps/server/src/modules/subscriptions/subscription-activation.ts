import { BILLING_MESSAGES } from '@waymark/domain';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { invalidField } from '../../errors/domain-error';
import { insertOrder } from '../orders/order-creation';
import { orderById, paymentsOfOrder } from '../orders/orders.queries';
import { presentIntent } from '../payment-methods/payment-methods.present';
import { defaultPaymentMethod } from '../payment-methods/payment-methods.queries';
import { chargePayment } from '../payments/payments.service';
import { announceSubscriptions } from '../payments/payment-outcomes';
import { orderDetails } from '../orders/orders.service';
import { subscriptionDetails, subscriptionOf } from './subscriptions.service';
import { planProductOf } from './plan-product';
import { insertSubscription, moveDevices, updateSubscription } from './subscriptions.queries';

/**
 * POST /subscriptions/{id}/activation (the Reactivate modal, spec 002 §4.1): a cancelled
 * subscription is archived and a new one on the chosen plan takes its trackers, pending-renewal
 * ('Payment is processing') until its order is paid. The order is charged to the default card
 * at once; the webhook makes the new subscription active. Without a saved card: 422.
 */
export async function reactivateSubscription(
  ctx: AppContext,
  actor: Actor,
  id: number,
  months: 1 | 12,
) {
  const { db } = ctx.database;
  const old = await subscriptionOf(db, actor, id);
  if (old.status !== 'cancelled')
    throw invalidField('status', BILLING_MESSAGES.reactivateOnlyCancelled);
  const card = await defaultPaymentMethod(db, actor.accountId);
  if (!card) throw invalidField('payment_method', BILLING_MESSAGES.noPaymentMethod);
  const product = await planProductOf(db, id);
  if (!product) throw invalidField('months', BILLING_MESSAGES.unknownProduct);
  const plan = product.plans.find((p) => p.months === months);
  if (!plan) throw invalidField('months', BILLING_MESSAGES.planMonths);

  const now = new Date();
  const fresh = await insertSubscription(db, {
    account_id: actor.accountId,
    status: 'pending-renewal',
    months,
    renewal_months: months,
    price: plan.price,
    actual_price: plan.price,
    renewal_price: plan.price,
  });
  await moveDevices(db, id, fresh.id);
  await updateSubscription(db, id, { status: 'archived' });
  const orderId = await insertOrder(db, {
    accountId: actor.accountId,
    kind: 'reactivation',
    status: 'pending',
    billingTerm: 'up-front',
    paymentTerm: 'on-receipt',
    lines: [{ product, quantity: 1, months, unitPrice: plan.price }],
    shipping: 0,
    taxRateBp: 0,
    promo: null,
    paysFor: [{ subscriptionId: fresh.id, months, periodStart: now }],
    now,
  });
  await announceSubscriptions(ctx, [fresh.id]);
  const order = (await orderById(db, orderId))!;
  const [payment] = await paymentsOfOrder(db, orderId);
  const intent = payment ? await chargePayment(ctx, order, payment, card) : null;
  return {
    subscription: await subscriptionDetails(ctx, actor, fresh.id),
    order: await orderDetails(ctx, actor, orderId),
    payment_intent: intent && payment ? presentIntent(ctx.payments, intent, payment.id) : null,
  };
}
