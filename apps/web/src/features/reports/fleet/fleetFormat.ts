import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatSpeed, NO_MEASURE, readableNumber } from '@waymark/domain';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The fleet reports' figures as every screen shows them (miles and mph, spec 000 §9) and their
 * times on the account's clock, the zone the report's days are in.
 */
const METRES_PER_MILE = 1609.344;

export const formatMiles = (metres: number) => `${readableNumber(metres / METRES_PER_MILE)} mi`;

export const formatMph = (mps: number | null) => (mps === null ? NO_MEASURE : formatSpeed(mps));

/** 'Nov 10, 2026 9:15 AM' on the clock of `zone`. */
export const formatZoneTime = (iso: string | null, zone: string) =>
  iso === null ? NO_MEASURE : dayjs(iso).tz(zone).format('MMM D, YYYY h:mm A');

/** A local day of the report, 'YYYY-MM-DD', as 'Nov 10, 2026'. */
export const formatDay = (day: string) => dayjs.utc(day).format('MMM D, YYYY');

/** The local day of `date` on the clock of `zone`, as the API takes it. */
export const dayIn = (date: Date, zone: string) => dayjs(date).tz(zone).format('YYYY-MM-DD');

/** The first and last instants of local days `from`–`to` in `zone`. */
export function daysSpan(from: string, to: string, zone: string) {
  return {
    start: dayjs.tz(from, zone).startOf('day').toDate(),
    end: dayjs.tz(to, zone).endOf('day').toDate(),
  };
}
