import { SHIPMENT_STATUS_LABELS, type Shipment } from '@waymark/domain';
import { csvLine, localTime } from '../positions/csv';

/** Columns of 'Download these shipments', times in the caller's zone. */
export const SHIPMENT_COLUMNS = [
  'name',
  'carrier',
  'status',
  'tracker',
  'from',
  'to',
  'start',
  'scheduled_end',
  'estimated_end',
  'actual_end',
  'archived',
] as const;

/** The shipments as CSV; `offset` is minutes west of UTC (the browser's getTimezoneOffset). */
export function shipmentsCsv(shipments: readonly Shipment[], offset: number): string {
  const time = (iso: string | null) => (iso === null ? null : localTime(iso, offset));
  let out = csvLine(SHIPMENT_COLUMNS);
  for (const s of shipments) {
    out += csvLine([
      s.name,
      s.carrier,
      SHIPMENT_STATUS_LABELS[s.status],
      s.device?.name ?? s.device_id,
      s.from_geofence?.name ?? s.from_address?.name,
      s.to_geofence?.name ?? s.to_address?.name,
      time(s.start_at),
      time(s.end_at),
      s.ended_at === null ? time(s.estimated_end_at) : null,
      time(s.ended_at),
      s.archived_at === null ? 'no' : 'yes',
    ]);
  }
  return out;
}
