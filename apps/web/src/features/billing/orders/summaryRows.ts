import { promoLabel, type OrderSummary } from '@waymark/domain';
import { money } from '../format';

export interface SummaryRow {
  label: string;
  value: string;
  /** The amount before the promo, shown struck through when it differs. */
  before?: string;
  strong?: boolean;
}

function row(label: string, value: number, before: number | undefined): SummaryRow {
  return {
    label,
    value: money(value),
    before: before !== undefined && before !== value ? money(before) : undefined,
  };
}

/** The summary rows of an order (spec 002 §2.3, §2.8), in the spec's order. */
export function summaryRows(summary: OrderSummary): SummaryRow[] {
  const rows = [
    row('Hardware', summary.hardware_total, summary.hardware_total_before_discount),
    row('Subscription', summary.subscription_total, summary.subscription_total_before_discount),
    // Audio hours and live audio are both bought as hours of listening in: one row.
    row(
      'Live Audio Hours',
      summary.audio_hour_total + summary.live_audio_total,
      summary.audio_hour_total_before_discount + summary.live_audio_total_before_discount,
    ),
    row('Shipping', summary.shipping_total, summary.shipping_total_before_discount),
    row('Tax', summary.tax, summary.tax_before_discount),
  ];
  if (summary.promo_code) {
    rows.push({ label: 'Promo discount', value: promoLabel(summary.promo_code) });
  }
  rows.push({
    ...row('Grand Total', summary.grand_total, summary.grand_total_before_discount),
    strong: true,
  });
  return rows;
}
