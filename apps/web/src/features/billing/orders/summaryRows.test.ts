import { describe, expect, it } from 'vitest';
import { computeOrderSummary } from '@waymark/domain';
import { summaryRows } from './summaryRows';

const summary = computeOrderSummary({
  lines: [
    { kind: 'hardware', unitPrice: 4999, quantity: 1 },
    { kind: 'subscription', unitPrice: 1999, quantity: 1 },
  ],
  shipping: 500,
  taxRateBp: 0,
  promo: { code: 'FREEHW', type: 'free_hardware', amount: 0 },
});

describe('order summary rows', () => {
  it('lists the totals in order and strikes through only what the promo changed', () => {
    const rows = summaryRows(summary);
    expect(rows.map((r) => r.label)).toEqual([
      'Hardware',
      'Subscription',
      'Live Audio Hours',
      'Shipping',
      'Tax',
      'Promo discount',
      'Grand Total',
    ]);
    expect(rows[0]).toMatchObject({ value: '$0.00', before: '$49.99' });
    expect(rows[1]?.before).toBeUndefined();
    expect(rows[5]?.value).toBe('Free hardware');
    expect(rows.at(-1)).toMatchObject({ value: '$19.99', before: '$74.98', strong: true });
  });
});
