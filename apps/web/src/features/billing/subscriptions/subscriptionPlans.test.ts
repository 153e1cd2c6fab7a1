import { describe, expect, it } from 'vitest';
import type { Product } from '@waymark/domain';
import { noTrackerLabel, planPrices } from './subscriptionPlans';

const product = (id: number, monthly: number, annual: number): Product => ({
  id,
  title: `Plan ${id}`,
  sku: `SUB-${id}`,
  kind: 'subscription',
  price: 0,
  plans: [
    { months: 1, price: monthly },
    { months: 12, price: annual },
  ],
  thumbnail: null,
});

describe('a subscription plan prices', () => {
  it('finds the product by the plan the subscription is on', () => {
    const products = [product(1, 1999, 19999), product(2, 2999, 29999)];
    expect(planPrices({ price: 29999, months: 12 }, products)).toEqual({
      monthly: 2999,
      annual: 29999,
    });
  });

  it('falls back to the only subscription product, and to nothing', () => {
    expect(planPrices({ price: 1, months: 1 }, [product(1, 1999, 19999)]).annual).toBe(19999);
    expect(planPrices({ price: 1, months: 1 }, [])).toEqual({ monthly: null, annual: null });
  });
});

describe('a subscription without a tracker', () => {
  it('names the subscription and its plan instead of dashes', () => {
    expect(noTrackerLabel({ id: 12, months: 1 })).toBe('No tracker · Subscription #12 (Monthly)');
    expect(noTrackerLabel({ id: 3, months: 12 })).toBe('No tracker · Subscription #3 (Annual)');
  });
});
