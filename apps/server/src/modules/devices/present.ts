import type { GroupDevice } from '@waymark/domain';
import type { currentPositions, devices, models, subscriptions } from '../../db/schema';
import { presentCurrentRow } from '../positions/present';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/** A tracker with its subscription, as device details and group members show it. */
export function presentDeviceItem(
  d: Row<typeof devices>,
  model: Pick<Row<typeof models>, 'title' | 'expected_report_minutes'>,
  s: Row<typeof subscriptions> | null,
  position: Row<typeof currentPositions> | null,
): GroupDevice {
  return {
    id: d.id,
    name: d.name,
    serial: d.serial,
    note: d.note,
    model_id: d.model_id,
    model_title: model.title,
    expected_report_minutes: model.expected_report_minutes,
    subscription_status: s?.status ?? null,
    group_ids: d.group_ids,
    low_battery: d.low_battery,
    charging: d.charging,
    sos: d.sos,
    overspeed: d.overspeed,
    current_position: position ? presentCurrentRow(position) : null,
    subscription: s
      ? {
          id: s.id,
          status: s.status,
          start_at: s.start_at?.toISOString() ?? null,
          renewal_date: s.renewal_date?.toISOString() ?? null,
        }
      : null,
  };
}
