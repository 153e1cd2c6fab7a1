import {
  ANNUAL_PLAN_MONTHS,
  MONTHLY_PLAN_MONTHS,
  planLabel,
  type Product,
  type Subscription,
} from '@waymark/domain';

export interface PlanPrices {
  monthly: number | null;
  annual: number | null;
}

/**
 * The monthly and annual prices of a subscription's plan. A subscription names its price and
 * months, not its product: the product is the subscription product with a plan of that price
 * and length, else the only subscription product there is.
 */
export function planPrices(
  subscription: Pick<Subscription, 'price' | 'months'>,
  products: readonly Product[],
): PlanPrices {
  const plans = products.filter((p) => p.kind === 'subscription' && p.plans.length > 0);
  const product =
    plans.find((p) =>
      p.plans.some(
        (plan) => plan.months === subscription.months && plan.price === subscription.price,
      ),
    ) ?? (plans.length === 1 ? plans[0] : undefined);
  const priceOf = (months: number) =>
    product?.plans.find((plan) => plan.months === months)?.price ?? null;
  return { monthly: priceOf(MONTHLY_PLAN_MONTHS), annual: priceOf(ANNUAL_PLAN_MONTHS) };
}

/**
 * What a subscription without a tracker (its tracker was returned or not yet assigned) shows
 * instead of a device name: 'No tracker · Subscription #12 (Monthly)', never a row of dashes.
 */
export function noTrackerLabel(subscription: Pick<Subscription, 'id' | 'months'>): string {
  return `No tracker · Subscription #${subscription.id} (${planLabel(subscription.months)})`;
}
