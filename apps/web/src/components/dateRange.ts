import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The presets of the shared picker, in the order the spec lists them (spec 000 §2.10). */
export const DATE_RANGE_PRESETS = [
  'Today',
  'Yesterday',
  'Last Hour',
  'Custom Range',
  'This week',
  'Last week',
  'This month',
  'Last month',
] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

export interface DateRange {
  start: Date;
  end: Date;
}

/** The zone of UTC mode; any other value is an IANA zone such as the browser's. */
export const UTC_ZONE = 'UTC';
export const RANGE_ORDER_ERROR = 'The start date must be before the end date';
/** How long the order warning stays up (spec 000 §5). */
export const RANGE_WARNING_MS = 5_000;
/** dayjs spelling of the spec's 'MM/dd/yyyy @ h:mm a'. */
export const RANGE_DISPLAY_FORMAT = 'MM/DD/YYYY @ h:mm A';
/** How Mantine's pickers exchange values: a wall-clock time without a zone. */
export const WALL_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `date` as seen on a clock in `zone`. */
export function inZone(date: Date, zone: string): Dayjs {
  return zone === UTC_ZONE ? dayjs(date).utc() : dayjs(date).tz(zone);
}

/**
 * The range a preset stands for at `now` on the clocks of `zone`. Ranges that reach the
 * present end at `now`, so they never ask for the future; past periods end at their last
 * millisecond. Weeks start on Sunday, as the pickers show them. Custom Range has no range of
 * its own: it returns null and the caller keeps what was chosen.
 */
export function presetRange(preset: DateRangePreset, now: Date, zone: string): DateRange | null {
  const clock = inZone(now, zone);
  const upToNow = (start: Dayjs) => ({ start: start.toDate(), end: now });
  const whole = (start: Dayjs, unit: 'day' | 'week' | 'month') => ({
    start: start.toDate(),
    end: start.endOf(unit).toDate(),
  });
  switch (preset) {
    case 'Today':
      return upToNow(clock.startOf('day'));
    case 'Yesterday':
      return whole(clock.subtract(1, 'day').startOf('day'), 'day');
    case 'Last Hour':
      return { start: new Date(now.getTime() - 3_600_000), end: now };
    case 'This week':
      return upToNow(clock.startOf('week'));
    case 'Last week':
      return whole(clock.subtract(1, 'week').startOf('week'), 'week');
    case 'This month':
      return upToNow(clock.startOf('month'));
    case 'Last month':
      return whole(clock.subtract(1, 'month').startOf('month'), 'month');
    case 'Custom Range':
      return null;
  }
}

/**
 * The earliest selectable moment: the start of the day 3 months back, or 12 months with the
 * account setting unlimited_date_selection (spec 000 §2.10, §9).
 */
export function earliestDate(now: Date, unlimited: boolean, zone: string): Date {
  return inZone(now, zone)
    .subtract(unlimited ? 12 : 3, 'month')
    .startOf('day')
    .toDate();
}

/** The spec's message when the start is later than the end, else null. */
export function rangeError(range: DateRange): string | null {
  return range.start.getTime() > range.end.getTime() ? RANGE_ORDER_ERROR : null;
}

/** How the picker shows a moment, e.g. '03/05/2025 @ 2:07 PM'. */
export function formatRangeDate(date: Date, zone: string): string {
  return inZone(date, zone).format(RANGE_DISPLAY_FORMAT);
}

/**
 * A short label of a range for narrow screens: 'Jan 5, 12:00 AM – 3:07 PM' within a day,
 * 'Jan 4 – Jan 5' across days, with years only when the two differ.
 */
export function compactRangeLabel(range: DateRange, zone: string): string {
  const start = inZone(range.start, zone);
  const end = inZone(range.end, zone);
  if (start.isSame(end, 'day')) return `${start.format('MMM D, h:mm A')} – ${end.format('h:mm A')}`;
  const day = start.isSame(end, 'year') ? 'MMM D' : 'MMM D, YYYY';
  return `${start.format(day)} – ${end.format(day)}`;
}

/** A moment as the wall-clock string the date inputs edit. */
export function toWall(date: Date, zone: string): string {
  return inZone(date, zone).format(WALL_FORMAT);
}

/** A wall-clock string from the date inputs, read on the clocks of `zone`. */
export function fromWall(wall: string, zone: string): Date {
  return zone === UTC_ZONE ? dayjs.utc(wall, WALL_FORMAT).toDate() : dayjs.tz(wall, zone).toDate();
}
