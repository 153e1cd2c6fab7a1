import { describe, expect, it } from 'vitest';
import { cardLabel, cutText, formatBillingDate, formatScheduleDate, money } from './format';

describe('billing formats', () => {
  it('shows cents as dollars and a dash for none', () => {
    expect(money(123450)).toBe('$1,234.50');
    expect(money(null)).toBe('-');
  });

  it('writes billing dates with a padded day and schedule dates without', () => {
    expect(formatBillingDate('2026-03-05T12:00:00')).toBe('March 05, 2026');
    expect(formatScheduleDate('2026-03-05T12:00:00')).toBe('March 5, 2026');
    expect(formatBillingDate(null)).toBe('-');
  });

  it('cuts long names inside the limit and shows a dash for none', () => {
    const long = 'x'.repeat(80);
    expect(cutText(long, 60)).toHaveLength(60);
    expect(cutText('Truck 7', 60)).toBe('Truck 7');
    expect(cutText('', 60)).toBe('-');
  });

  it('labels a saved card with brand, last four and expiry', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 })).toBe(
      'Visa *4242, expires 04/2030',
    );
  });
});
