import type { ApiPublicReport, ApiReportDetails, ReportSummary } from '@waymark/domain';

/**
 * What every report file is made from: the details of a report (signed in) or its public shape
 * (by uuid). `include_sensors` and `is_public` are only known of the former: a public report's
 * spreadsheet has the sensor columns, and its PDF its public link.
 */
export type ReportForFiles = ApiPublicReport &
  Partial<Pick<ApiReportDetails, 'include_sensors' | 'is_public'>>;

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/** The instant as the viewer's clock shows it: `eastMinutes` east of UTC. */
export function shifted(iso: string, eastMinutes: number): Date {
  return new Date(Date.parse(iso) + eastMinutes * 60_000);
}

/** Spec 001 §9 'E, MMM do, yyyy' (date-fns tokens): 'Mon, Mar 2nd, 2026'. */
export function reportDate(iso: string, eastMinutes: number): string {
  const d = shifted(iso, eastMinutes);
  return `${DAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${ordinal(d.getUTCDate())}, ${d.getUTCFullYear()}`;
}

/** Spec 001 §9 'E, MMM do, yyyy h:mmaaa': 'Mon, Mar 2nd, 2026 2:05pm'. */
export function reportTime(iso: string, eastMinutes: number): string {
  const d = shifted(iso, eastMinutes);
  const hours = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${reportDate(iso, eastMinutes)} ${hours % 12 || 12}:${minutes}${hours < 12 ? 'am' : 'pm'}`;
}

/** A duration as people read it: '45s', '12m', '3h 05m', '2d 4h'. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const mph = (value: number) => `${oneDecimal.format(value)} mph`;

/** The summary figures in the order the details page shows them, as label and text. */
export function summaryFigures(summary: ReportSummary): [string, string][] {
  return [
    ['Distance', `${oneDecimal.format(summary.distance_miles)} mi`],
    ['Moving time', duration(summary.moving_seconds)],
    ['Stopped time', duration(summary.stopped_seconds)],
    ['Stops', String(summary.stops)],
    ['Maximum speed', mph(summary.max_mph)],
    ['Average speed', mph(summary.avg_mph)],
  ];
}
