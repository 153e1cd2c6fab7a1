import type { DeviceListItem } from '@waymark/domain';

const HEADER = [
  'Name',
  'Serial',
  'Last fix (UTC)',
  'Address',
  'Latitude',
  'Longitude',
  'Battery %',
];

/** A CSV field, quoted when it holds a separator, a quote or a line break. */
function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The trackers of an answer as the CSV Scout's ui_create_file offers. */
export function trackersCsv(trackers: DeviceListItem[]): string {
  const lines = [HEADER.join(',')];
  for (const t of trackers) {
    const p = t.current_position;
    lines.push(
      [t.name, t.serial, p?.timestamp, p?.address, p?.lat, p?.lng, p?.battery].map(field).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
