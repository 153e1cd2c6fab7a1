import { ANNUAL_PLAN_MONTHS, type BillingTerm, type PaymentTerm } from './billing.constants';
import { formatMoney } from './billing.rules';

/**
 * The money an order asks for over time: its payment schedule, how the invoice and the
 * agreement read it back, and the annual plan's saving. Every amount the web shows of a
 * schedule comes from the stored payments these rules made.
 */

/**
 * The annual saving (spec 002 §9): twelve monthly prices minus the annual price, in cents,
 * never below 0. Pass the prices the order charges (the subscription's own price, the plan
 * the reactivation orders), never another list price.
 */
export function annualSaving(monthlyPrice: number, annualPrice: number): number {
  return Math.max(0, ANNUAL_PLAN_MONTHS * monthlyPrice - annualPrice);
}

/** The days after the order when the first payment falls due (spec 002 §9 terms). */
export function paymentTermDays(term: PaymentTerm): number {
  return term === 'on-receipt' ? 0 : Number(term.slice(4));
}

/** Adds whole months in UTC, keeping the day where the month has it (Jan 31 + 1 → Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export interface ScheduledPayment {
  amount: number;
  due_date: Date;
}

export interface ScheduleInput {
  billingTerm: BillingTerm;
  paymentTerm: PaymentTerm;
  grandTotal: number;
  /** The part of the grand total paid over time (the subscriptions). */
  subscriptionTotal: number;
  /** The subscription plan's months: how many monthly (or yearly) parts. */
  months: number;
  orderedAt: Date;
}

/**
 * The one rounding rule of every schedule: `total` cents in `count` payments, each but the last
 * the even share rounded to the cent, the last taking what is left so the payments add up to
 * the total exactly (17495 in 12 → eleven of 1458 and a last of 1457). Where rounding up would
 * leave too little for the last (a total of a few cents), the shares round down and the last
 * takes the odd cents. The texts say the last one when it differs (`recurringText`).
 */
export function splitInstalments(total: number, count: number): number[] {
  if (count <= 1) return [total];
  let share = Math.round(total / count);
  if (share * (count - 1) > total) share = Math.floor(total / count);
  const last = total - share * (count - 1);
  return [...Array.from({ length: count - 1 }, () => share), last];
}

/**
 * The payments an order is split into by its billing term (ours; spec 002 §4.4 shows how the
 * web reads them back): up-front — one payment of everything; monthly — the grand total in
 * `months` monthly parts; device-up-front — everything but the subscriptions up front, then
 * the subscriptions in monthly parts; device-up-front-annually — the same in yearly parts.
 * The first payment falls due after the payment term; the next a month (or year) apart.
 */
export function buildPaymentSchedule(input: ScheduleInput): ScheduledPayment[] {
  const first = new Date(
    input.orderedAt.getTime() + paymentTermDays(input.paymentTerm) * 86_400_000,
  );
  const months = Math.max(1, input.months);
  const at = (i: number, stepMonths: number) => addMonths(first, i * stepMonths);
  switch (input.billingTerm) {
    case 'up-front':
      return [{ amount: input.grandTotal, due_date: first }];
    case 'monthly':
      return splitInstalments(input.grandTotal, months).map((amount, i) => ({
        amount,
        due_date: at(i, 1),
      }));
    case 'device-up-front':
    case 'device-up-front-annually': {
      const yearly = input.billingTerm === 'device-up-front-annually';
      const parts = yearly ? Math.max(1, Math.ceil(months / 12)) : months;
      const upfront = input.grandTotal - input.subscriptionTotal;
      const regular =
        input.subscriptionTotal > 0 ? splitInstalments(input.subscriptionTotal, parts) : [];
      return [
        { amount: upfront, due_date: first },
        ...regular.map((amount, i) => ({ amount, due_date: at(i + 1, yearly ? 12 : 1) })),
      ];
    }
  }
}

export interface PaymentLike {
  amount: number;
  due_date: string | Date;
}

export interface PaymentPlanView<P extends PaymentLike> {
  upfront: P | null;
  regular: P | null;
  regularCount: number;
  /** The last regular payment when its amount differs from the others (the rounding's rest). */
  last: P | null;
  /** 'monthly' or 'yearly': the word of the agreement and the schedule. */
  period: 'monthly' | 'yearly';
}

/**
 * How the invoice and agreement read an order's payments (spec 002 §4.4): monthly — no
 * upfront, the regular payment is the first, count = number of payments; up-front — the
 * upfront is the first, no regular; device-up-front(-annually) — upfront first, regular the
 * second (or the first if absent), count = number of payments minus one.
 */
export function paymentPlanView<P extends PaymentLike>(
  billingTerm: BillingTerm,
  payments: readonly P[],
): PaymentPlanView<P> {
  const period = billingTerm === 'device-up-front-annually' ? 'yearly' : 'monthly';
  const first = payments[0] ?? null;
  const lastOf = (regular: P | null, count: number) => {
    const last = payments[payments.length - 1] ?? null;
    return regular && last && count > 1 && last.amount !== regular.amount ? last : null;
  };
  switch (billingTerm) {
    case 'monthly':
      return {
        upfront: null,
        regular: first,
        regularCount: payments.length,
        last: lastOf(first, payments.length),
        period,
      };
    case 'up-front':
      return { upfront: first, regular: null, regularCount: 0, last: null, period };
    default: {
      const regular = payments[1] ?? first;
      const count = Math.max(0, payments.length - 1);
      return { upfront: first, regular, regularCount: count, last: lastOf(regular, count), period };
    }
  }
}

/**
 * The recurring part of the agreement and the schedule: 'N monthly payments of $Y', and
 * ' (the last one $Z)' when the rounding left the last payment another amount; null without
 * regular payments.
 */
export function recurringText(view: PaymentPlanView<PaymentLike>): string | null {
  if (!view.regular || view.regularCount === 0) return null;
  const text = `${view.regularCount} ${view.period} payments of ${formatMoney(view.regular.amount)}`;
  return view.last ? `${text} (the last one ${formatMoney(view.last.amount)})` : text;
}

/**
 * The agreement text (spec 002 §4.4): 'I agree to be charged $X up front and an additional N
 * monthly/yearly payments of $Y.' The up-front part and the recurring part appear only when
 * those payments exist.
 */
export function agreementText(billingTerm: BillingTerm, payments: readonly PaymentLike[]): string {
  const view = paymentPlanView(billingTerm, payments);
  const upfront = view.upfront ? `${formatMoney(view.upfront.amount)} up front` : null;
  const recurring = recurringText(view);
  if (upfront && recurring)
    return `I agree to be charged ${upfront} and an additional ${recurring}.`;
  if (upfront) return `I agree to be charged ${upfront}.`;
  if (recurring) return `I agree to be charged ${recurring}.`;
  return 'I agree to be charged for this order.';
}
