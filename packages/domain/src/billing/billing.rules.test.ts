import { describe, expect, it } from 'vitest';
import {
  canViewInvoice,
  cardExpiry,
  computeOrderSummary,
  formatMoney,
  invoiceNumber,
  isCardExpired,
  isOrderPayable,
  nextDateLabel,
  orderStatusLabel,
  planLabel,
  promoLabel,
  statusBadgeColour,
  subscriptionAction,
} from './billing.rules';

describe('money and labels', () => {
  it('shows cents as dollars with 2 decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(-500)).toBe('-$5.00');
  });

  it('labels plans Monthly, Annual or N month plan', () => {
    expect(planLabel(1)).toBe('Monthly');
    expect(planLabel(12)).toBe('Annual');
    expect(planLabel(6)).toBe('6 month plan');
  });

  it('pads the order and payment ids to 6 digits for the invoice number', () => {
    expect(invoiceNumber(42)).toBe('000042');
    expect(invoiceNumber(42, 7)).toBe('000042-000007');
    expect(invoiceNumber(1234567, 1)).toBe('1234567-000001');
  });

  it('labels order statuses, with the spec names', () => {
    expect(orderStatusLabel('pending-shipment')).toBe('Pending Shipment');
    expect(orderStatusLabel('pending-cancellation')).toBe('Pending Cancellation');
    expect(orderStatusLabel('rejected-quote')).toBe('Rejected Quote');
  });

  it('shows promo amounts as $ for dollar and % for discount', () => {
    expect(promoLabel({ type: 'dollar', amount: 2500 })).toBe('$25.00');
    expect(promoLabel({ type: 'discount', amount: 15 })).toBe('15%');
    expect(promoLabel({ type: 'free_hardware', amount: 0 })).toBe('Free hardware');
  });
});

describe('status badge colours (spec 002 §4.3)', () => {
  it.each([
    ['active', 'green'],
    ['paid', 'green'],
    ['pending', 'blue'],
    ['pending-shipment', 'blue'],
    ['pending-renewal', 'yellow'],
    ['pending-cancellation', 'yellow'],
    ['blocked', 'yellow'],
    ['archived', 'yellow'],
    ['cancelled', 'red'],
    ['failed', 'red'],
    ['draft', 'gray'],
    ['pending-approval', 'purple'],
    ['something-else', 'gray'],
  ] as const)('%s is %s', (status, colour) => {
    expect(statusBadgeColour(status)).toBe(colour);
  });
});

describe('order actions', () => {
  it('offers Pay Now only for payable statuses', () => {
    expect(isOrderPayable('pending-approval')).toBe(true);
    expect(isOrderPayable('pending')).toBe(true);
    expect(isOrderPayable('failed')).toBe(true);
    expect(isOrderPayable('completed')).toBe(false);
    expect(isOrderPayable('cart')).toBe(false);
  });

  it('allows View Invoice for every status except cart and draft', () => {
    expect(canViewInvoice('cart')).toBe(false);
    expect(canViewInvoice('draft')).toBe(false);
    expect(canViewInvoice('completed')).toBe(true);
    expect(canViewInvoice('pending-approval')).toBe(true);
  });
});

describe('subscription detail', () => {
  it('picks the top button by status', () => {
    expect(subscriptionAction('cancelled')).toBe('reactivate');
    expect(subscriptionAction('pending-cancellation')).toBe('activate');
    expect(subscriptionAction('active')).toBe('cancel');
    expect(subscriptionAction('blocked')).toBe('cancel');
    expect(subscriptionAction('pending')).toBeNull();
    expect(subscriptionAction('pending-renewal')).toBeNull();
    expect(subscriptionAction('archived')).toBeNull();
  });

  it("labels the next date 'Cancelling:' for pending-cancellation and hides it when cancelled", () => {
    expect(nextDateLabel('pending-cancellation')).toBe('Cancelling:');
    expect(nextDateLabel('cancelled')).toBeNull();
    expect(nextDateLabel('active')).toBe('Next payment:');
  });
});

describe('order summary', () => {
  const lines = [
    { kind: 'hardware' as const, unitPrice: 4999, quantity: 2 },
    { kind: 'subscription' as const, unitPrice: 1995, quantity: 2 },
    { kind: 'audio-hours' as const, unitPrice: 500, quantity: 1 },
  ];

  it('adds lines, shipping and tax without a promo', () => {
    const s = computeOrderSummary({ lines, shipping: 999, taxRateBp: 1000, promo: null });
    expect(s).toMatchObject({
      hardware_total: 9998,
      subscription_total: 3990,
      audio_hour_total: 500,
      shipping_total: 999,
      tax: 1549,
      grand_total: 17036,
      grand_total_before_discount: 17036,
      promo_code: null,
    });
  });

  it('free_hardware zeroes hardware and shipping, keeping the pre-discount amounts', () => {
    const promo = { code: 'FREEHW', type: 'free_hardware' as const, amount: 0 };
    const s = computeOrderSummary({ lines, shipping: 999, taxRateBp: 0, promo });
    expect(s.hardware_total).toBe(0);
    expect(s.hardware_total_before_discount).toBe(9998);
    expect(s.shipping_total).toBe(0);
    expect(s.shipping_total_before_discount).toBe(999);
    expect(s.grand_total).toBe(4490);
  });

  it('discount takes a percent off every line', () => {
    const promo = { code: 'TEN', type: 'discount' as const, amount: 10 };
    const s = computeOrderSummary({ lines, shipping: 0, taxRateBp: 0, promo });
    expect(s.hardware_total).toBe(8998);
    expect(s.subscription_total).toBe(3591);
    expect(s.audio_hour_total).toBe(450);
    expect(s.grand_total_before_discount).toBe(14488);
  });

  it('dollar takes cents off subscriptions first and never goes below zero', () => {
    const promo = { code: 'BIG', type: 'dollar' as const, amount: 5000 };
    const s = computeOrderSummary({ lines, shipping: 0, taxRateBp: 0, promo });
    expect(s.subscription_total).toBe(0);
    expect(s.hardware_total).toBe(8988);
    const huge = computeOrderSummary({
      lines,
      shipping: 0,
      taxRateBp: 0,
      promo: { ...promo, amount: 1_000_000 },
    });
    expect(huge.grand_total).toBe(0);
  });
});

describe('cards', () => {
  it('is expired after the last day of its expiry month', () => {
    const now = new Date('2026-11-15T00:00:00Z');
    expect(isCardExpired(11, 2026, now)).toBe(false);
    expect(isCardExpired(10, 2026, now)).toBe(true);
    expect(isCardExpired(1, 2027, now)).toBe(false);
  });

  it('shows the expiry as MM/YYYY', () => {
    expect(cardExpiry(4, 2030)).toBe('04/2030');
  });
});
