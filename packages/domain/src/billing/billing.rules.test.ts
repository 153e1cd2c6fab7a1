import { describe, expect, it } from 'vitest';
import {
  addMonths,
  agreementText,
  annualSaving,
  buildPaymentSchedule,
  canViewInvoice,
  cardExpiry,
  computeOrderSummary,
  formatMoney,
  invoiceNumber,
  isCardExpired,
  isOrderPayable,
  nextDateLabel,
  orderStatusLabel,
  paymentPlanView,
  paymentTermDays,
  planLabel,
  promoLabel,
  statusBadgeColour,
  subscriptionAction,
} from './billing.rules';

const pay = (amount: number, due = '2026-01-01') => ({ amount, due_date: due });

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

  it('computes the annual saving as twelve monthly prices minus the annual price', () => {
    expect(annualSaving(1995, 19995)).toBe(3945);
    expect(annualSaving(1000, 15000)).toBe(0);
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

describe('payment plan view (spec 002 §4.4)', () => {
  const three = [pay(1000), pay(200), pay(200)];

  it('monthly: no upfront, the first payment is the regular one, count is all payments', () => {
    expect(paymentPlanView('monthly', three)).toEqual({
      upfront: null,
      regular: three[0],
      regularCount: 3,
      period: 'monthly',
    });
  });

  it('up-front: the first payment up front, no regular payments', () => {
    expect(paymentPlanView('up-front', three)).toMatchObject({
      upfront: three[0],
      regular: null,
      regularCount: 0,
    });
  });

  it('device-up-front: upfront first, regular second, count minus one', () => {
    expect(paymentPlanView('device-up-front', three)).toMatchObject({
      upfront: three[0],
      regular: three[1],
      regularCount: 2,
      period: 'monthly',
    });
  });

  it('device-up-front-annually: yearly, regular falls back to the first when alone', () => {
    expect(paymentPlanView('device-up-front-annually', [pay(900)])).toMatchObject({
      upfront: pay(900),
      regular: pay(900),
      regularCount: 0,
      period: 'yearly',
    });
  });
});

describe('agreement text', () => {
  it('names the up-front and the recurring parts', () => {
    expect(agreementText('device-up-front', [pay(4999), pay(1995), pay(1995)])).toBe(
      'I agree to be charged $49.99 up front and an additional 2 monthly payments of $19.95.',
    );
  });

  it('says yearly for the annual variant', () => {
    expect(agreementText('device-up-front-annually', [pay(4999), pay(19995)])).toBe(
      'I agree to be charged $49.99 up front and an additional 1 yearly payments of $199.95.',
    );
  });

  it('has only the up-front part for up-front', () => {
    expect(agreementText('up-front', [pay(25000)])).toBe('I agree to be charged $250.00 up front.');
  });

  it('has only the recurring part for monthly', () => {
    expect(agreementText('monthly', [pay(1995), pay(1995)])).toBe(
      'I agree to be charged 2 monthly payments of $19.95.',
    );
  });
});

describe('payment schedule by billing term', () => {
  const orderedAt = new Date('2026-01-31T12:00:00Z');
  const base = { paymentTerm: 'on-receipt' as const, orderedAt, grandTotal: 10_000 };

  it('up-front: one payment of the grand total on receipt', () => {
    expect(
      buildPaymentSchedule({
        ...base,
        billingTerm: 'up-front',
        subscriptionTotal: 6000,
        months: 12,
      }),
    ).toEqual([{ amount: 10_000, due_date: orderedAt }]);
  });

  it('monthly: the grand total in monthly parts, odd cents first, month ends kept', () => {
    const s = buildPaymentSchedule({
      ...base,
      grandTotal: 1000,
      billingTerm: 'monthly',
      subscriptionTotal: 1000,
      months: 3,
    });
    expect(s.map((p) => p.amount)).toEqual([334, 333, 333]);
    expect(s.map((p) => p.due_date.toISOString().slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
  });

  it('device-up-front: hardware up front, subscriptions monthly', () => {
    const s = buildPaymentSchedule({
      ...base,
      billingTerm: 'device-up-front',
      subscriptionTotal: 6000,
      months: 12,
    });
    expect(s).toHaveLength(13);
    expect(s[0]?.amount).toBe(4000);
    expect(s.slice(1).reduce((t, p) => t + p.amount, 0)).toBe(6000);
  });

  it('device-up-front-annually: hardware up front, subscriptions yearly', () => {
    const s = buildPaymentSchedule({
      ...base,
      paymentTerm: 'net-30',
      billingTerm: 'device-up-front-annually',
      subscriptionTotal: 6000,
      months: 24,
    });
    expect(s.map((p) => p.amount)).toEqual([4000, 3000, 3000]);
    expect(s.map((p) => p.due_date.toISOString().slice(0, 10))).toEqual([
      '2026-03-02',
      '2027-03-02',
      '2028-03-02',
    ]);
  });

  it('reads net-N payment terms as days', () => {
    expect(paymentTermDays('on-receipt')).toBe(0);
    expect(paymentTermDays('net-45')).toBe(45);
  });

  it('adds months keeping the day where it exists', () => {
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(addMonths(new Date('2026-05-15T00:00:00Z'), 12).toISOString()).toBe(
      '2027-05-15T00:00:00.000Z',
    );
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
