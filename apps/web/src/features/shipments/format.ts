import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(advancedFormat);
dayjs.extend(relativeTime);

/**
 * A shipment's moments in the browser's time, spec 001 §9 'MMMM do h:mmaaa' (date-fns
 * tokens) written in dayjs's: 'March 5th 3:04pm'. Null reads as a dash.
 */
export function formatShipmentTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('MMMM Do h:mma') : '—';
}

/** 'time ago' of the public page's events ('5 minutes ago'), as the trackers list says it. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  return dayjs(iso).from(now);
}
