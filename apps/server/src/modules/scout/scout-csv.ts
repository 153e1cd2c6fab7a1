import type { DeviceListItem } from '@waymark/domain';
import { csvLine } from '../positions/csv';

const HEADER = [
  'Name',
  'Serial',
  'Last fix (UTC)',
  'Address',
  'Latitude',
  'Longitude',
  'Battery %',
];

/** The trackers of an answer as the CSV Scout's ui_create_file offers. */
export function trackersCsv(trackers: DeviceListItem[]): string {
  let out = csvLine(HEADER);
  for (const t of trackers) {
    const p = t.current_position;
    out += csvLine([t.name, t.serial, p?.timestamp, p?.address, p?.lat, p?.lng, p?.battery]);
  }
  return out;
}
