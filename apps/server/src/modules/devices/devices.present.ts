import type { DeviceDetails, DeviceListItem, GroupDevice } from '@waymark/domain';
import type { currentPositions, devices, models, subscriptions } from '../../db/schema';
import { presentCurrentRow } from '../positions/positions.present';
import type { DeviceListRow } from './devices.queries';

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

/** Everything the tracker details screen shows: the item, model, triggers and its users. */
export function presentDeviceDetails(
  row: {
    device: Row<typeof devices>;
    model: Row<typeof models>;
    subscription: Row<typeof subscriptions> | null;
    position: Row<typeof currentPositions> | null;
  },
  users: { id: number; name: string }[],
): DeviceDetails {
  const { device: d, model: m, subscription: s, position } = row;
  return {
    ...presentDeviceItem(d, m, s, position),
    account_id: d.account_id,
    imei: d.imei,
    phone: d.phone,
    iccid: d.iccid,
    external_voltage: d.external_voltage ?? externalVoltageOf(position),
    has_voice: d.has_voice,
    live_audio_minutes: d.live_audio_minutes,
    model: {
      id: m.id,
      title: m.title,
      device_type: m.device_type,
      protocol: m.protocol,
      has_temperature: m.has_temperature,
      has_humidity: m.has_humidity,
      ble_support: m.ble_support,
      expected_report_minutes: m.expected_report_minutes,
      thumbnail_path: m.thumbnail_path,
    },
    triggers: {
      min_temperature: d.min_temperature,
      max_temperature: d.max_temperature,
      min_humidity: d.min_humidity,
      max_humidity: d.max_humidity,
    },
    users,
  };
}

/** A row of the paged tracker list, with its current position. */
export function presentDeviceListRow(row: DeviceListRow): DeviceListItem {
  const { position, ...rest } = row;
  return { ...rest, current_position: position ? presentCurrentRow(position) : null };
}

/**
 * Trackers that report their external voltage with every fix (Teltonika IO 66) keep it on the
 * current position; those that report it without a fix (GT06 0x94) on the device.
 */
function externalVoltageOf(position: Row<typeof currentPositions> | null): number | null {
  const value = (position?.attributes as Record<string, unknown> | null | undefined)
    ?.externalVoltage;
  return typeof value === 'number' ? value : null;
}
