import { fahrenheitToCelsius, KMH_TO_MPS, MPS_TO_MPH } from '../geo/geo.rules';
import type { EpisodeConditionType, RuleCondition } from './rule.schema';
import { EPISODE_CONDITION_TYPES } from './rule.schema';

/**
 * The episode conditions read one at a time (issue 36 §4): whether the tracker, as a trigger
 * shows it, is in the state the condition waits for. How long it has been so is the episode's
 * business (rule-episode.rules).
 */

/** What an accepted fix says of its tracker, for the episode conditions (null: not known). */
export interface RuleReading {
  /** m/s. */
  speed: number | null;
  ignition: boolean | null;
  /** Percent, the newest the tracker reported. */
  battery: number | null;
  /** °C, the newest the tracker reported. */
  temperature: number | null;
  /** Percent relative humidity, the newest the tracker reported. */
  humidity: number | null;
  /** Whether the trips segmentation has the tracker on a trip. */
  inTrip: boolean | null;
}

/** What of a trigger (RuleTrigger of rule.rules) the episode conditions read. */
export interface ReadingTrigger {
  kind: 'position' | 'event' | 'silence';
  reading?: RuleReading;
  /** Only for kind 'silence': since the tracker's last accepted fix. */
  silentMs?: number;
}

const HOUR_MS = 3_600_000;
/** Below this (m/s) a tracker is stopped; the trips segmentation's moving speed, 5 km/h. */
export const STOPPED_SPEED_MPS = 5 * KMH_TO_MPS;

export type EpisodeCondition = Extract<RuleCondition, { type: EpisodeConditionType }>;

const episodeTypes: ReadonlySet<string> = new Set(EPISODE_CONDITION_TYPES);

/** True for the conditions that hold for an episode, and make a rule fire once per episode. */
export function isEpisodeCondition(condition: RuleCondition): condition is EpisodeCondition {
  return episodeTypes.has(condition.type);
}

/** A speed condition's threshold in m/s. */
export function speedLimitMps(data: { speed: number; unit: 'mph' | 'kmh' }): number {
  return data.unit === 'mph' ? data.speed / MPS_TO_MPH : data.speed * KMH_TO_MPS;
}

/** The temperature range in °C, as trackers report it. */
export function temperatureRangeC(data: { unit: 'f' | 'c'; min: number; max: number }) {
  return data.unit === 'c'
    ? { min: data.min, max: data.max }
    : { min: fahrenheitToCelsius(data.min), max: fahrenheitToCelsius(data.max) };
}

const outside = (value: number | null, range: { min: number; max: number }) =>
  value === null ? null : value < range.min || value > range.max;

/**
 * Whether the condition's state holds for the trigger, at this instant: true or false, or null
 * when the trigger says nothing of it (a fix without a speed, an event for a speed, a position
 * for a silence), which leaves the episode as it was.
 * - speeding: the fix's speed is above the limit;
 * - idling: stopped with the ignition on (the engine reporting);
 * - trip: on a trip ('started') or parked ('ended');
 * - no_report: silent for at least the hours;
 * - temperature, humidity: the newest reading is outside the range;
 * - battery: the newest level is below the percentage.
 */
export function episodeStateHolds(
  condition: EpisodeCondition,
  trigger: ReadingTrigger,
): boolean | null {
  if (condition.type === 'no_report') {
    return trigger.kind === 'silence' && trigger.silentMs !== undefined
      ? trigger.silentMs >= condition.data.hours * HOUR_MS
      : null;
  }
  const r = trigger.reading;
  if (trigger.kind !== 'position' || !r) return null;
  switch (condition.type) {
    case 'speeding':
      return r.speed === null ? null : r.speed > speedLimitMps(condition.data);
    case 'idling':
      if (r.ignition === null) return null;
      return r.ignition && (r.speed ?? 0) < STOPPED_SPEED_MPS;
    case 'trip':
      return r.inTrip === null ? null : r.inTrip === (condition.data.when === 'started');
    case 'temperature':
      return outside(r.temperature, temperatureRangeC(condition.data));
    case 'humidity':
      return outside(r.humidity, condition.data);
    case 'battery':
      return r.battery === null ? null : r.battery < condition.data.below;
  }
}

/** How long the state must last before the condition holds (ms). */
export function minimumDurationMs(condition: EpisodeCondition): number {
  if (condition.type === 'speeding') return condition.data.duration_seconds * 1000;
  if (condition.type === 'idling') return condition.data.minutes * 60_000;
  return 0;
}

/**
 * Conditions about a change (a trip starting or ending): a state the tracker was already in
 * when the rule began watching it is no change, and does not fire.
 */
export function needsChange(condition: EpisodeCondition): boolean {
  return condition.type === 'trip';
}
