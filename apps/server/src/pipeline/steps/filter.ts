import {
  distanceMetres,
  FILTER_FUTURE_MINUTES,
  FILTER_JUMP_SECONDS,
  FILTER_SKIP_SPEED_AFTER_MINUTES,
  KMH_TO_MPS,
  type FilterReason,
  type PositionFilterSettings,
} from '@waymark/domain';
import type { DeviceState, Position, SpeedSuspect } from '../position';

/** An account's bounds as the step compares them (SI units). */
export interface FilterBounds {
  maxSpeedMps: number;
  maxAccuracyMetres: number;
}

export const filterBounds = (settings: PositionFilterSettings): FilterBounds => ({
  maxSpeedMps: settings.max_speed_kmh * KMH_TO_MPS,
  maxAccuracyMetres: settings.max_accuracy_m,
});

/**
 * A hop at least this long within FILTER_JUMP_SECONDS may be the first half of a jump away and
 * straight back: the state before it is kept until the next fix says. Shorter hops are driving
 * (1 km out and back in a minute is 120 km/h with a U-turn).
 */
export const JUMP_MIN_METRES = 1000;
/** Fixes filtered for speed that agree with one another this many times running are believed. */
export const SUSPECTS_BELIEVED = 3;

const FUTURE_MS = FILTER_FUTURE_MINUTES * 60_000;
const JUMP_MS = FILTER_JUMP_SECONDS * 1000;
const SKIP_SPEED_MS = FILTER_SKIP_SPEED_AFTER_MINUTES * 60_000;

export interface FilterDecision {
  reason: FilterReason | null;
  /** The last accepted fix was a spike this fix comes straight back from: mark it `jump`. */
  retractsLast: boolean;
  /** The step's memory of speed outliers after this fix. */
  suspect: SpeedSuspect | null;
  /**
   * Accepted as where the tracker now is after fixes that agreed with one another: the hop from
   * the last accepted fix is not distance driven (one of the two places was wrong).
   */
  relocated: boolean;
  /** Metres from the last accepted fix (0 without one, or for a late fix). */
  hopMetres: number;
}

/** What the step reads of a device's state: the last accepted fix and its own memory. */
export type FilterView = Pick<
  DeviceState,
  'lastFixTime' | 'lat' | 'lng' | 'accuracy' | 'undo' | 'suspect'
>;

/** Faster than the bound over the hop, after the fixes' own uncertainty is allowed for. */
function tooFast(
  from: { lat: number; lng: number; accuracy?: number | null },
  fromMs: number,
  position: Position,
  metres: number,
  bounds: FilterBounds,
) {
  const elapsedMs = position.fixTime.getTime() - fromMs;
  if (elapsedMs > SKIP_SPEED_MS) return false;
  const uncertain = (from.accuracy ?? 0) + (position.accuracy ?? 0);
  const provable = metres - uncertain;
  return provable > 0 && provable > (bounds.maxSpeedMps * Math.max(elapsedMs, 1000)) / 1000;
}

/**
 * The filter step (Traccar's filter.zero, future, maxSpeed and accuracy, and a jump-and-back
 * check), O(1) per fix from the device's state alone. A fix older than the state (history
 * arriving late) is checked only for what it is by itself: its neighbours are in the database.
 * A BLE fix is never too fast: it is placed at the anchor it heard, wherever that was put.
 * A tracker that really did jump (the last accepted fix was the wrong one) is believed after
 * SUSPECTS_BELIEVED fixes that agree with one another, so no tracker stays locked out.
 */
export function filterFix(
  position: Position,
  state: FilterView | undefined,
  bounds: FilterBounds,
  now: Date,
): FilterDecision {
  const suspect = state?.suspect ?? null;
  if (Math.abs(position.lat) < 1e-6 && Math.abs(position.lng) < 1e-6)
    return judged('zero', suspect);
  if (position.fixTime.getTime() - now.getTime() > FUTURE_MS) return judged('future', suspect);
  if (
    (position.fix === 'cell' || position.fix === 'wifi') &&
    (position.accuracy ?? 0) > bounds.maxAccuracyMetres
  )
    return judged('accuracy', suspect);
  if (!state || position.fixTime <= state.lastFixTime) return judged(null, suspect);
  // A BLE fix is where its anchor is set up, not a measurement: it follows an anchor moved.
  if (position.fix === 'ble') return judged(null, null);

  const hopMetres = distanceMetres(state.lat, state.lng, position.lat, position.lng);
  // Straight back from a spike: judged from where it came back to, not from the spike.
  if (isJumpBack(state, position, hopMetres)) {
    const before = state.undo!;
    const fromBefore = distanceMetres(before.lat, before.lng, position.lat, position.lng);
    if (!tooFast(before, before.lastFixTime.getTime(), position, fromBefore, bounds))
      return { reason: null, retractsLast: true, relocated: false, suspect: null, hopMetres };
  }
  if (tooFast(state, state.lastFixTime.getTime(), position, hopMetres, bounds)) {
    const agrees =
      suspect !== null &&
      position.fixTime > suspect.time &&
      !tooFast(
        suspect,
        suspect.time.getTime(),
        position,
        distanceMetres(suspect.lat, suspect.lng, position.lat, position.lng),
        bounds,
      );
    const count = agrees ? suspect.count + 1 : 1;
    const believed = count >= SUSPECTS_BELIEVED;
    return {
      reason: believed ? null : 'speed',
      retractsLast: false,
      relocated: believed,
      suspect: believed
        ? null
        : { time: position.fixTime, lat: position.lat, lng: position.lng, count },
      hopMetres,
    };
  }
  return { reason: null, retractsLast: false, relocated: false, suspect: null, hopMetres };
}

/** A decision on the fix alone: nothing retracted or relocated, the suspect as it was. */
function judged(reason: FilterReason | null, suspect: SpeedSuspect | null): FilterDecision {
  return { reason, retractsLast: false, relocated: false, suspect, hopMetres: 0 };
}

/**
 * A→B→A: the state before the last fix (A, kept only after a long fast hop) is within a minute
 * of this fix, which lands far closer to A than B was.
 */
function isJumpBack(state: FilterView, position: Position, hopMetres: number) {
  const before = state.undo;
  if (!before || position.fixTime.getTime() - before.lastFixTime.getTime() > JUMP_MS) return false;
  const away = distanceMetres(before.lat, before.lng, state.lat, state.lng);
  const back = distanceMetres(before.lat, before.lng, position.lat, position.lng);
  return hopMetres >= JUMP_MIN_METRES && back * 4 < away;
}

/** Whether the state before an accepted hop is worth keeping for isJumpBack. */
export function mayBeJump(state: FilterView, position: Position, hopMetres: number): boolean {
  return (
    hopMetres >= JUMP_MIN_METRES &&
    position.fixTime.getTime() - state.lastFixTime.getTime() <= JUMP_MS
  );
}
