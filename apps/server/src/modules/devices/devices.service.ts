import type { DeviceDetails } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { deviceRow, deviceUsers } from './devices.queries';
import { presentDeviceItem } from './present';

/** Everything the tracker details screen shows about one tracker. */
export async function deviceDetails(db: Db, deviceId: number): Promise<DeviceDetails> {
  const row = await deviceRow(db, deviceId);
  if (!row) throw notFound();
  const { device: d, model: m, subscription: s, position } = row;
  return {
    ...presentDeviceItem(d, m, s, position),
    account_id: d.account_id,
    imei: d.imei,
    phone: d.phone,
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
    users: await deviceUsers(db, d.account_id, d.id),
  };
}

/** Tells the bus a tracker changed, so the pipeline reads its name and SLA bounds afresh. */
export function deviceChanged(
  ctx: Pick<AppContext, 'bus'>,
  device: Pick<DeviceDetails, 'id' | 'account_id' | 'serial'>,
) {
  ctx.bus.publish('device.changed', {
    account_id: device.account_id,
    device_id: device.id,
    serials: [device.serial],
  });
}
