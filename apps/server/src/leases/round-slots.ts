import { createHash } from 'node:crypto';
import cronParser from 'cron-parser';

/** How far back a holder catches up on rounds nobody recorded (the lease changing hands). */
export const CATCH_UP_MS = 60 * 60_000;

/** A schedule's first round: its newest slot, when that is less than this old (else its next). */
export const FIRST_ROUND_WITHIN_MS = 60_000;

/**
 * The cron slots (UTC) a schedule owes after `last` up to `now`, oldest first: every one since
 * `last` within the catch-up window; before its first round, the newest slot if it is under a
 * minute old. A five-field cron is minutes; a six-field one starts with seconds.
 */
export function dueSlots(cron: string, last: Date | undefined, now: Date): Date[] {
  if (!last) {
    const newest = cronParser
      .parseExpression(cron, { currentDate: new Date(now.getTime() + 1), tz: 'UTC' })
      .prev()
      .toDate();
    return now.getTime() - newest.getTime() < FIRST_ROUND_WITHIN_MS ? [newest] : [];
  }
  const from = Math.max(last.getTime(), now.getTime() - CATCH_UP_MS);
  const slots = cronParser.parseExpression(cron, {
    currentDate: new Date(from),
    endDate: now,
    tz: 'UTC',
  });
  const due: Date[] = [];
  while (slots.hasNext()) due.push(slots.next().toDate());
  return due.filter((slot) => slot.getTime() > last.getTime());
}

/**
 * The job id of a round: the same for every process that computes it (a name-based UUID,
 * version 5 layout), so a round queued twice is stored once.
 */
export function roundJobId(name: string, slot: Date): string {
  const hash = createHash('sha1').update(`${name}@${slot.toISOString()}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
