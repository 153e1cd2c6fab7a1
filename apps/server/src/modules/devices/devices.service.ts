import type { DeviceDetails } from '@waymark/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { presentCurrentRow } from '../positions/present';
import { deviceRow, deviceUsers } from './devices.queries';

/** Everything the tracker details screen shows about one tracker. */
export async function deviceDetails(db: Db, deviceId: number): Promise<DeviceDetails> {
  const row = await deviceRow(db, deviceId);
  if (!row) throw notFound();
  const { device: d, model: m, subscription: s, position } = row;
  return {
    id: d.id,
    account_id: d.account_id,
    name: d.name,
    serial: d.serial,
    imei: d.imei,
    phone: d.phone,
    note: d.note,
    model_id: m.id,
    model_title: m.title,
    expected_report_minutes: m.expected_report_minutes,
    subscription_status: s?.status ?? null,
    group_ids: d.group_ids,
    low_battery: d.low_battery,
    charging: d.charging,
    sos: d.sos,
    overspeed: d.overspeed,
    has_voice: d.has_voice,
    live_audio_minutes: d.live_audio_minutes,
    current_position: position ? presentCurrentRow(position) : null,
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
    subscription: s
      ? {
          id: s.id,
          status: s.status,
          start_at: s.start_at?.toISOString() ?? null,
          renewal_date: s.renewal_date?.toISOString() ?? null,
        }
      : null,
    triggers: {
      min_temperature: d.min_temperature,
      max_temperature: d.max_temperature,
      min_humidity: d.min_humidity,
      max_humidity: d.max_humidity,
    },
    users: await deviceUsers(db, d.account_id, d.id),
  };
}
