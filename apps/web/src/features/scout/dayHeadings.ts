import dayjs from 'dayjs';
import { CHAT_MESSAGES } from '@waymark/domain';

/** Spec 001 §2: messages and conversations are grouped under these headings. */
const TODAY = CHAT_MESSAGES.today;
const YESTERDAY = CHAT_MESSAGES.yesterday;
/** 'MMMM d, yyyy' of the spec, in dayjs's tokens. */
const OLDER_FORMAT = 'MMMM D, YYYY';

/** The heading of the local day `date` falls on, seen from `now`. */
export function dayHeading(date: Date | string, now: Date): string {
  const day = dayjs(date).startOf('day');
  const today = dayjs(now).startOf('day');
  if (day.isSame(today)) return TODAY;
  if (day.isSame(today.subtract(1, 'day'))) return YESTERDAY;
  return day.format(OLDER_FORMAT);
}

export interface DayGroup<T> {
  heading: string;
  items: T[];
}

/**
 * Consecutive items of one day under one heading, in the order given (messages oldest first,
 * conversations newest first): a heading starts each time the day changes.
 */
export function groupByDay<T>(
  items: readonly T[],
  dateOf: (item: T) => Date | string,
  now: Date,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const heading = dayHeading(dateOf(item), now);
    const last = groups[groups.length - 1];
    if (last && last.heading === heading) last.items.push(item);
    else groups.push({ heading, items: [item] });
  }
  return groups;
}
