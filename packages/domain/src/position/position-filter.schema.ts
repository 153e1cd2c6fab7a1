import { z } from 'zod';

/**
 * Why a fix was filtered: it cannot be true, so it is stored with this reason and moves nothing
 * (current position, motion, odometer, geofences, events, rules, reports). Modelled on
 * Traccar's filters (filter.zero, future, maxSpeed, accuracy); an exact duplicate (same tracker
 * and fix time) is the same stored row and goes no further than the primary key.
 *
 * - `zero`: 0,0, what a GPS module without a fix reports.
 * - `future`: more than `FILTER_FUTURE_MINUTES` ahead of the server's clock.
 * - `speed`: reaching it from the last accepted fix needs more than the account's maximum speed.
 * - `accuracy`: a cell or Wi-Fi fix coarser than the account's bound.
 * - `jump`: a jump away and straight back (A→B→A within `FILTER_JUMP_SECONDS`); B is marked
 *   when the return shows it.
 */
export const FILTER_REASONS = ['zero', 'future', 'speed', 'accuracy', 'jump'] as const;
export const filterReasonSchema = z.enum(FILTER_REASONS);
export type FilterReason = z.infer<typeof filterReasonSchema>;

/** A fix more than this far ahead of the server clock is a broken device clock. */
export const FILTER_FUTURE_MINUTES = 10;
/** A jump and its return within this long is a spike, not a trip. */
export const FILTER_JUMP_SECONDS = 60;
/**
 * After this long without an accepted fix the speed bound is not applied: a tracker switched
 * off in one place and on in another (a ferry, a flight, a truck on a train) has not jumped.
 * Traccar's users met trackers "locked" by maxSpeed after such a gap.
 */
export const FILTER_SKIP_SPEED_AFTER_MINUTES = 30;

/** An account's bounds and what they are when it never set them. */
export const POSITION_FILTER_DEFAULTS = { max_speed_kmh: 300, max_accuracy_m: 5000 } as const;
export const POSITION_FILTER_LIMITS = {
  max_speed_kmh: { min: 50, max: 2000 },
  max_accuracy_m: { min: 100, max: 100_000 },
} as const;

const bound = (name: string, unit: string, limits: { min: number; max: number }) =>
  z
    .number({ error: `${name} is required` })
    .int(`${name} must be a whole number`)
    .min(limits.min, `${name} must be between ${limits.min} and ${limits.max} ${unit}`)
    .max(limits.max, `${name} must be between ${limits.min} and ${limits.max} ${unit}`);

/** The account's position filter, as GET answers it and PUT takes it (admins). */
export const positionFilterSchema = z.object({
  max_speed_kmh: bound('Maximum speed', 'km/h', POSITION_FILTER_LIMITS.max_speed_kmh),
  max_accuracy_m: bound('Maximum accuracy', 'm', POSITION_FILTER_LIMITS.max_accuracy_m),
});
export type PositionFilterSettings = z.infer<typeof positionFilterSchema>;
