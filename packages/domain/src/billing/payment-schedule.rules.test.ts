import { describe, expect, it } from 'vitest';
import {
  addMonths,
  agreementText,
  annualSaving,
  buildPaymentSchedule,
  paymentPlanView,
  paymentTermDays,
  splitInstalments,
} from './payment-schedule.rules';

const pay = (amount: number, due = '2026-01-01') => ({ amount, due_date: due });

/** Dollars as a person adds them up on paper, to check the cents the rules compute. */
const dollars = (text: string) => Math.round(Number(text) * 100);

describe('annual saving', () => {
  it('computes the annual saving as twelve monthly prices minus the annual price', () => {
    expect(annualSaving(1995, 19995)).toBe(3945);
    expect(annualSaving(1000, 15000)).toBe(0);
  });

  it('is twelve monthly prices minus the annual price the subscription charges', () => {
    // $199.00 a year against 12 × $19.95 = $239.40: $40.40 saved.
    expect(annualSaving(dollars('19.95'), dollars('199.00'))).toBe(
      dollars((12 * 19.95 - 199).toFixed(2)),
    );
    expect(annualSaving(1995, 19900)).toBe(4040);
  });
});

describe('the rounding rule of schedules', () => {
  it('gives every payment but the last the even share; the last takes the rest', () => {
    expect(splitInstalments(17495, 12)).toEqual([...Array(11).fill(1458), 1457]);
    expect(splitInstalments(1000, 3)).toEqual([333, 333, 334]);
    expect(splitInstalments(7, 12)).toEqual([...Array(11).fill(0), 7]);
    expect(splitInstalments(500, 1)).toEqual([500]);
  });

  it('adds up to the total, with all but the last equal, for any total and count', () => {
    for (let count = 1; count <= 24; count += 1) {
      for (const total of [0, 1, 11, 66, 999, 17495, 19995, 123457]) {
        const parts = splitInstalments(total, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((t, p) => t + p, 0)).toBe(total);
        expect(new Set(parts.slice(0, -1)).size).toBeLessThanOrEqual(1);
        expect(Math.min(...parts)).toBeGreaterThanOrEqual(0);
        expect(Math.abs(parts[count - 1]! - parts[0]!)).toBeLessThan(count);
      }
    }
  });

  it('says the last payment in the agreement when it differs', () => {
    const schedule = buildPaymentSchedule({
      billingTerm: 'monthly',
      paymentTerm: 'on-receipt',
      grandTotal: dollars('174.95'),
      subscriptionTotal: dollars('174.95'),
      months: 12,
      orderedAt: new Date('2026-01-15T00:00:00Z'),
    });
    const text = agreementText('monthly', schedule);
    expect(text).toBe('I agree to be charged 12 monthly payments of $14.58 (the last one $14.57).');
    // The text's amounts add up to what the order charges.
    expect(11 * dollars('14.58') + dollars('14.57')).toBe(dollars('174.95'));
  });
});

describe('payment plan view (spec 002 §4.4)', () => {
  const three = [pay(1000), pay(200), pay(200)];

  it('monthly: no upfront, the first payment is the regular one, count is all payments', () => {
    expect(paymentPlanView('monthly', three)).toEqual({
      upfront: null,
      regular: three[0],
      regularCount: 3,
      // 200 is not 1000: the texts name the last payment.
      last: three[2],
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

  it('monthly: the grand total in monthly parts, the rest on the last, month ends kept', () => {
    const s = buildPaymentSchedule({
      ...base,
      grandTotal: 1000,
      billingTerm: 'monthly',
      subscriptionTotal: 1000,
      months: 3,
    });
    expect(s.map((p) => p.amount)).toEqual([333, 333, 334]);
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
