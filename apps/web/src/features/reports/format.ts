import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import utc from 'dayjs/plugin/utc';
import { readableNumber, type ReportSummary } from '@waymark/domain';

dayjs.extend(advancedFormat);
dayjs.extend(utc);

/** Spec 001 §9 'E, MMM do, yyyy' (date-fns tokens) in dayjs's: 'Sun, Nov 29th, 2026'. */
const DATE_FORMAT = 'ddd, MMM Do, YYYY';
/** Spec 001 §9 'E, MMM do, yyyy h:mmaaa': 'Sun, Nov 29th, 2026 4:36am'. */
const DATE_TIME_FORMAT = 'ddd, MMM Do, YYYY h:mma';

/**
 * A report's range is chosen on UTC clocks (spec 001 §5), so its ends are shown on them too:
 * a range made for 'Nov 28' reads Nov 28 wherever it is opened.
 */
export function formatReportDate(iso: string): string {
  return dayjs.utc(iso).format(DATE_FORMAT);
}

/** The list's Date Range column: 'Sat, Nov 28th, 2026 - Sun, Nov 29th, 2026'. */
export function formatReportRange(startIso: string, endIso: string): string {
  return `${formatReportDate(startIso)} - ${formatReportDate(endIso)}`;
}

/** Report Info's From and To, on UTC clocks like the range they bound. */
export function formatReportMoment(iso: string): string {
  return dayjs.utc(iso).format(DATE_TIME_FORMAT);
}

/** The times of addresses and alerts, on the browser's clock like the spreadsheets. */
export function formatReportTime(iso: string): string {
  return dayjs(iso).format(DATE_TIME_FORMAT);
}

/** A span of seconds as hours and minutes: '0m', '45m', '3h 05m', '52h 00m'. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m}m` : `${h}h ${String(m).padStart(2, '0')}m`;
}

/** One figure of the summary, labelled as the page shows it. */
export interface SummaryFigure {
  label: string;
  value: string;
}

const miles = (value: number) => `${readableNumber(value)} mi`;
const mph = (value: number) =>
  Number.isFinite(value) ? `${value >= 10 ? Math.round(value) : readableNumber(value)} mph` : '—';

/** The summary's figures in the page's order: distance, times, stops and speeds. */
export function summaryFigures(summary: ReportSummary): SummaryFigure[] {
  return [
    { label: 'Distance', value: miles(summary.distance_miles) },
    { label: 'Moving time', value: formatDuration(summary.moving_seconds) },
    { label: 'Stopped time', value: formatDuration(summary.stopped_seconds) },
    { label: 'Stops', value: String(summary.stops) },
    { label: 'Max speed', value: mph(summary.max_mph) },
    { label: 'Average speed', value: mph(summary.avg_mph) },
  ];
}
