import { SUBSCRIPTION_LABELS, type Subscription } from '@waymark/domain';
import type { SubscriptionDeviceRow, SubscriptionRow } from './subscriptions.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A subscription as spec 002 §3 names it, with its trackers and newest order. */
export function presentSubscription(
  row: SubscriptionRow,
  devices: SubscriptionDeviceRow[],
  recent: { id: number; created_at: Date; months: number } | undefined,
): Subscription {
  return {
    id: row.id,
    status: row.status,
    account_id: row.account_id,
    devices: devices.map((d) => ({
      id: d.id,
      name: d.name,
      serial: d.serial,
      imei: d.imei,
      status: SUBSCRIPTION_LABELS[row.status] ?? row.status,
      model: {
        id: d.model_id,
        name: d.model_title,
        product: { thumbnail: d.thumbnail_path ? { path: d.thumbnail_path } : null },
      },
    })),
    start_at: iso(row.start_at),
    renewal_date: iso(row.renewal_date),
    actual_price: row.actual_price,
    renewal_price: row.renewal_price,
    renewal_months: row.renewal_months,
    months: row.months,
    cancel_at: iso(row.cancel_at),
    price: row.price,
    most_recent_order: recent
      ? { id: recent.id, created_at: recent.created_at.toISOString(), months: recent.months }
      : null,
  };
}
