import { BILLING_MESSAGES, isOrderPayable, type PaymentIntentRequest } from '@waymark/domain';
import { found } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { conflict, invalidField } from '../../errors/domain-error';
import { customerOf } from '../billing/billing-customer';
import { presentIntent } from '../payment-methods/payment-methods.present';
import {
  paymentMethodRow,
  type PaymentMethodRow,
} from '../payment-methods/payment-methods.queries';
import type { OrderRow } from '../orders/orders.queries';
import {
  paymentRowsOfOrder,
  setPaymentCard,
  setPaymentIntent,
  type PaymentRow,
} from './payments.queries';

type Ctx = Pick<AppContext, 'database' | 'payments'>;

const OPEN: readonly string[] = ['pending', 'failed', 'processing'];

/**
 * Asks the provider to charge one payment of an order: with a saved card at once (off
 * session for the renewal job), else an intent for the card form. The outcome arrives by
 * webhook; here only the intent is remembered.
 */
export async function chargePayment(
  ctx: Ctx,
  order: OrderRow,
  payment: PaymentRow,
  card?: PaymentMethodRow,
  offSession = false,
) {
  const customerId = await customerOf(ctx, order.account_id);
  const intent = await ctx.payments.createPaymentIntent({
    amount: payment.amount,
    customerId,
    metadata: {
      payment_id: String(payment.id),
      order_id: String(order.id),
      account_id: String(order.account_id),
    },
    ...(card && { paymentMethod: card.provider_id, offSession }),
  });
  await setPaymentIntent(ctx.database.db, payment.id, intent.id);
  if (card) await setPaymentCard(ctx.database.db, payment.id, card.id);
  return intent;
}

/** The payment to pay now: the asked one, or the first still open by due date. */
async function payableOf(ctx: Ctx, order: OrderRow, paymentId?: number) {
  const rows = await paymentRowsOfOrder(ctx.database.db, order.id);
  const payment = paymentId
    ? rows.find((p) => p.id === paymentId)
    : rows.find((p) => OPEN.includes(p.status));
  if (paymentId && !payment)
    throw invalidField('payment_id', 'payment_id must be a payment of this order');
  if (!payment || !OPEN.includes(payment.status)) {
    throw invalidField('payment_id', BILLING_MESSAGES.paymentNotPayable);
  }
  return payment;
}

/**
 * POST /orders/{id}/payment-intent and its public twin: starts paying the order's next open
 * payment. 409 when the order waits for no payment. `cards`: false on the public page, where
 * nobody is signed in to use the account's saved cards.
 */
export async function startOrderPayment(
  ctx: Ctx,
  order: OrderRow,
  body: PaymentIntentRequest,
  cards: boolean,
) {
  if (!isOrderPayable(order.status)) throw conflict(BILLING_MESSAGES.orderNotPayable);
  const payment = await payableOf(ctx, order, body.payment_id);
  let card: PaymentMethodRow | undefined;
  if (body.payment_method_id !== undefined) {
    if (!cards) throw invalidField('payment_method_id', 'Saved cards need a signed-in user');
    card = await paymentMethodRow(ctx.database.db, order.account_id, body.payment_method_id);
    if (!card)
      throw invalidField('payment_method_id', 'payment_method_id must be a card of this account');
  }
  const intent = await chargePayment(ctx, order, payment, card);
  return presentIntent(ctx.payments, intent, payment.id);
}

/** PUT /orders/{id}/payments/{paymentId}: the saved card that pays this payment (or none). */
export async function choosePaymentCard(
  ctx: Ctx,
  order: OrderRow,
  paymentId: number,
  paymentMethodId: number | null,
) {
  const { db } = ctx.database;
  const payment = found((await paymentRowsOfOrder(db, order.id)).find((p) => p.id === paymentId));
  if (paymentMethodId !== null) {
    const card = await paymentMethodRow(db, order.account_id, paymentMethodId);
    if (!card)
      throw invalidField('payment_method_id', 'payment_method_id must be a card of this account');
  }
  await setPaymentCard(db, payment.id, paymentMethodId);
  return found((await paymentRowsOfOrder(db, order.id)).find((p) => p.id === paymentId));
}
