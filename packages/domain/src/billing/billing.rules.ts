import type { SubscriptionStatus } from '../device/device.schema';
import {
  ANNUAL_PLAN_MONTHS,
  type BadgeColour,
  MONTHLY_PLAN_MONTHS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  PAYABLE_ORDER_STATUSES,
  type PromoType,
  STATUS_BADGE_COLOURS,
} from './billing.constants';

/** Cents as dollars with 2 decimals: 123456 → '$1,234.56', -500 → '-$5.00' (spec 002 §9). */
export function formatMoney(cents: number): string {
  const dollars = Math.abs(cents) / 100;
  const text = dollars.toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${cents < 0 ? '-' : ''}$${text}`;
}

/** Plan label by months: 'Monthly', 'Annual', else 'N month plan' (spec 002 §9). */
export function planLabel(months: number): string {
  if (months === MONTHLY_PLAN_MONTHS) return 'Monthly';
  if (months === ANNUAL_PLAN_MONTHS) return 'Annual';
  return `${months} month plan`;
}

const pad6 = (id: number) => String(id).padStart(6, '0');

/**
 * Invoice number: the order id padded to 6 digits, joined with the payment id padded to 6
 * digits for a payment's invoice (spec 002 §9): 42, 7 → '000042-000007'; 42 → '000042'.
 */
export function invoiceNumber(orderId: number, paymentId?: number | null): string {
  return paymentId ? `${pad6(orderId)}-${pad6(paymentId)}` : pad6(orderId);
}

/** The badge colour of any status (spec 002 §4.3); unknown statuses are gray. */
export function statusBadgeColour(status: string): BadgeColour {
  return STATUS_BADGE_COLOURS[status] ?? 'gray';
}

/** 'pending-shipment' → 'Pending Shipment', with the spec's labels where it names one. */
export function orderStatusLabel(status: OrderStatus): string {
  return (
    ORDER_STATUS_LABELS[status] ??
    status
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/** 'Pay Now' shows for these (spec 002 §4.2). */
export function isOrderPayable(status: OrderStatus): boolean {
  return PAYABLE_ORDER_STATUSES.includes(status);
}

/** Every status except cart and draft allows View Invoice (spec 002 §4.2). */
export function canViewInvoice(status: OrderStatus): boolean {
  return status !== 'cart' && status !== 'draft';
}

export type SubscriptionAction = 'reactivate' | 'activate' | 'cancel';

/**
 * The subscription detail's top button (spec 002 §2.3): cancelled → Reactivate;
 * pending-cancellation → Activate; active-like (active, blocked) → Cancel; pending,
 * pending-renewal and archived → none.
 */
export function subscriptionAction(status: SubscriptionStatus): SubscriptionAction | null {
  switch (status) {
    case 'cancelled':
      return 'reactivate';
    case 'pending-cancellation':
      return 'activate';
    case 'active':
    case 'blocked':
      return 'cancel';
    default:
      return null;
  }
}

export const SUBSCRIPTION_ACTION_LABELS: Record<SubscriptionAction, string> = {
  reactivate: 'Reactivate Subscription',
  activate: 'Activate Subscription',
  cancel: 'Cancel Subscription',
};

/**
 * The label before the subscription's next date: 'Cancelling:' for pending-cancellation,
 * nothing for cancelled (spec 002 §2.3), 'Next payment:' otherwise (ours).
 */
export function nextDateLabel(status: SubscriptionStatus): string | null {
  if (status === 'pending-cancellation') return 'Cancelling:';
  if (status === 'cancelled' || status === 'archived') return null;
  return 'Next payment:';
}

export interface SummaryLine {
  kind: 'hardware' | 'subscription' | 'audio-hours' | 'live-audio';
  unitPrice: number;
  quantity: number;
}

export interface SummaryInput {
  lines: readonly SummaryLine[];
  shipping: number;
  /** Sales tax in basis points, on the discounted goods and shipping. */
  taxRateBp: number;
  promo: { code: string; type: PromoType; amount: number } | null;
}

/**
 * The order summary (spec 002 §3) from its lines, with each total's pre-discount amount:
 * free_hardware zeroes hardware and shipping; discount takes a percent off every line total;
 * dollar takes cents off the goods (subscriptions first, then hardware, then audio), never
 * below zero. Tax applies after the discount.
 */
export function computeOrderSummary(input: SummaryInput) {
  const sum = (kind: SummaryLine['kind']) =>
    input.lines
      .filter((l) => l.kind === kind)
      .reduce((total, l) => total + l.unitPrice * l.quantity, 0);
  const before = {
    hardware: sum('hardware'),
    subscription: sum('subscription'),
    audio: sum('audio-hours'),
    live: sum('live-audio'),
    shipping: input.shipping,
  };
  const after = { ...before };
  const promo = input.promo;
  if (promo?.type === 'free_hardware') {
    after.hardware = 0;
    after.shipping = 0;
  } else if (promo?.type === 'discount') {
    const pct = Math.min(100, Math.max(0, promo.amount));
    for (const key of ['hardware', 'subscription', 'audio', 'live'] as const) {
      after[key] = before[key] - Math.round((before[key] * pct) / 100);
    }
  } else if (promo?.type === 'dollar') {
    let left = Math.max(0, promo.amount);
    for (const key of ['subscription', 'hardware', 'audio', 'live'] as const) {
      const off = Math.min(left, after[key]);
      after[key] -= off;
      left -= off;
    }
  }
  const taxOf = (t: typeof before) =>
    Math.round(
      ((t.hardware + t.subscription + t.audio + t.live + t.shipping) * input.taxRateBp) / 10_000,
    );
  const total = (t: typeof before) =>
    t.hardware + t.subscription + t.audio + t.live + t.shipping + taxOf(t);
  return {
    hardware_total: after.hardware,
    subscription_total: after.subscription,
    audio_hour_total: after.audio,
    live_audio_total: after.live,
    shipping_total: after.shipping,
    tax: taxOf(after),
    grand_total: total(after),
    hardware_total_before_discount: before.hardware,
    subscription_total_before_discount: before.subscription,
    audio_hour_total_before_discount: before.audio,
    live_audio_total_before_discount: before.live,
    shipping_total_before_discount: before.shipping,
    tax_before_discount: taxOf(before),
    grand_total_before_discount: total(before),
    promo_code: promo ? { code: promo.code, type: promo.type, amount: promo.amount } : null,
  };
}

/** The promo row's amount: '$X' for dollar, 'N%' for discount (spec 002 §2.8). */
export function promoLabel(promo: { type: PromoType; amount: number }): string {
  if (promo.type === 'dollar') return formatMoney(promo.amount);
  if (promo.type === 'discount') return `${promo.amount}%`;
  return 'Free hardware';
}

/**
 * A card is expired when its expiry month is past (spec 002 §4.6): it is good through the
 * last day of exp_month.
 */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const endOfMonth = Date.UTC(expYear, expMonth, 1); // first instant of the next month
  return now.getTime() >= endOfMonth;
}

/** Saved card display: 'Visa *4242, expires 04/2030' parts (spec 002 §2.8). */
export function cardExpiry(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, '0')}/${expYear}`;
}
