import dayjs from 'dayjs';
import { ApiError } from '../../../api/client';

/** Text of the client's own fallback, which is not a message from the server. */
const CLIENT_FALLBACK = /^Request failed with status code \d+$/;

/**
 * The message to show for a failed call: the server's, else the screen's fallback (spec 000
 * §8). Null means the app already reacted (5xx toast, 403 page, cancelled request), so the
 * screen shows nothing more.
 */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError) {
    if (error.aborted || error.status === 403 || error.status >= 500) return null;
    return error.message && !CLIENT_FALLBACK.test(error.message) ? error.message : fallback;
  }
  return fallback;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Moments on this screen, in the browser's time. */
export const formatMoment = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('MMMM D, YYYY h:mm A') : '-';

/** Dates such as a renewal day (spec 000 §9 'MMMM d, yyyy'). */
export const formatDay = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('MMMM D, YYYY') : '-';
