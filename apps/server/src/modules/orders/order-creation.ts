import {
  addMonths,
  buildPaymentSchedule,
  computeOrderSummary,
  type BillingTerm,
  type OrderStatus,
  type PaymentTerm,
  type PromoCode,
} from '@waymark/domain';
import type { Db } from '../../db/client';
import { orderItems, orders, orderSubscriptions, payments, subscriptions } from '../../db/schema';
import { defaultAddress } from '../addresses/addresses.queries';
import { presentAddress } from '../addresses/addresses.present';
import type { ProductRow } from './orders.queries';

export interface NewOrderLine {
  product: ProductRow;
  quantity: number;
  /** The plan of a subscription line. */
  months: number | null;
  unitPrice: number;
}

export interface NewOrder {
  accountId: number;
  kind: 'purchase' | 'renewal' | 'reactivation';
  status: OrderStatus;
  billingTerm: BillingTerm;
  paymentTerm: PaymentTerm;
  lines: NewOrderLine[];
  shipping: number;
  taxRateBp: number;
  promo: PromoCode | null;
  salesPerson?: string | null;
  poNumber?: string | null;
  /**
   * Subscriptions the order pays for (renewals, reactivations). A purchase's subscription
   * lines make new subscriptions instead, pending until paid.
   */
  paysFor?: { subscriptionId: number; months: number; periodStart: Date }[];
  now: Date;
  /** A fixed approve link (the demo's); otherwise a random one. */
  uuid?: string;
}

/**
 * Writes an order, its lines, its payment schedule (by billing term) and the subscriptions it
 * pays for, in one transaction. The account's default addresses are copied onto it, so the
 * invoice keeps them when they change. Answers the order id.
 */
export async function insertOrder(db: Db, input: NewOrder): Promise<number> {
  const summary = computeOrderSummary({
    lines: input.lines.map((l) => ({
      kind: l.product.kind,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
    })),
    shipping: input.shipping,
    taxRateBp: input.taxRateBp,
    promo: input.promo,
  });
  const planMonths = Math.max(
    1,
    ...input.lines.map((l) => l.months ?? 0),
    ...(input.paysFor ?? []).map((p) => p.months),
  );
  const schedule = buildPaymentSchedule({
    billingTerm: input.billingTerm,
    paymentTerm: input.paymentTerm,
    grandTotal: summary.grand_total,
    subscriptionTotal: summary.subscription_total,
    months: planMonths,
    orderedAt: input.now,
  });
  const billing = await defaultAddress(db, input.accountId, 'billing');
  const shipping = await defaultAddress(db, input.accountId, 'shipping');

  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        ...(input.uuid && { uuid: input.uuid }),
        account_id: input.accountId,
        kind: input.kind,
        status: input.status,
        billing_term: input.billingTerm,
        payment_term: input.paymentTerm,
        summary,
        billing_address: billing ? presentAddress(billing) : null,
        shipping_address: shipping ? presentAddress(shipping) : null,
        sales_person: input.salesPerson ?? null,
        po_number: input.poNumber ?? null,
        created_at: input.now,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    if (input.lines.length > 0) {
      await tx.insert(orderItems).values(
        input.lines.map((l) => ({
          order_id: orderId,
          product_id: l.product.id,
          quantity: l.quantity,
          actual_price: l.unitPrice,
          months: l.months,
        })),
      );
    }
    const nonZero = schedule.filter((p) => p.amount > 0);
    if (nonZero.length > 0) {
      await tx
        .insert(payments)
        .values(
          nonZero.map((p) => ({ order_id: orderId, amount: p.amount, due_date: p.due_date })),
        );
    }
    const links: { subscription_id: number; months: number; period_end: Date }[] = (
      input.paysFor ?? []
    ).map((p) => ({
      subscription_id: p.subscriptionId,
      months: p.months,
      period_end: addMonths(p.periodStart, p.months),
    }));
    // A purchase of plans for no existing subscription makes them, pending until paid.
    if (input.kind === 'purchase' && links.length === 0) {
      for (const line of input.lines.filter((l) => l.product.kind === 'subscription')) {
        const months = line.months ?? 1;
        const listPrice =
          line.product.plans.find((p) => p.months === months)?.price ?? line.unitPrice;
        const made = await tx
          .insert(subscriptions)
          .values(
            Array.from({ length: line.quantity }, () => ({
              account_id: input.accountId,
              status: 'pending' as const,
              months,
              renewal_months: months,
              price: listPrice,
              actual_price: line.unitPrice,
              renewal_price: listPrice,
            })),
          )
          .returning({ id: subscriptions.id });
        for (const s of made) {
          links.push({ subscription_id: s.id, months, period_end: addMonths(input.now, months) });
        }
      }
    }
    if (links.length > 0) {
      await tx.insert(orderSubscriptions).values(links.map((l) => ({ ...l, order_id: orderId })));
    }
    return orderId;
  });
}
