import type { RuleCondition } from './rule.schema';
import {
  episodeStateHolds,
  isEpisodeCondition,
  minimumDurationMs,
  needsChange,
} from './rule-reading.rules';
import {
  conditionsHold,
  ruleFires,
  throttleAllows,
  type RuleGate,
  type RuleTrigger,
} from './rule.rules';

/**
 * Once per episode (issue 36 §4): a rule with an episode condition (speeding, idling, trip,
 * no report, temperature, humidity, battery) fires when its conditions come to hold for a
 * tracker, not again while they go on holding, and again once they held no longer. What it
 * remembers per rule and tracker is an EpisodeState, kept by the caller (stored, so a restart
 * neither repeats a firing nor forgets an episode under way).
 */
export interface EpisodeState {
  /**
   * Per condition of the rule: since when (epoch ms) its state holds; null while it does not;
   * HELD_BEFORE when it held as the rule began watching (a change it did not see);
   * UNSEEN while a change condition has not been read yet. Other conditions stay null.
   */
  since: (number | null)[];
  /** The rule's conditions held at the last trigger: this episode fired (or was throttled). */
  active: boolean;
}

export const HELD_BEFORE = -1;
export const UNSEEN = -2;

/** True when the rule fires once per episode rather than at every trigger that matches. */
export function hasEpisodes(conditions: readonly RuleCondition[]): boolean {
  return conditions.some(isEpisodeCondition);
}

/** The state of a rule and tracker before their first trigger. */
export function freshEpisode(conditions: readonly RuleCondition[]): EpisodeState {
  return {
    since: conditions.map((c) => (isEpisodeCondition(c) && needsChange(c) ? UNSEEN : null)),
    active: false,
  };
}

export interface EpisodeStep {
  fires: boolean;
  state: EpisodeState;
  /** The state differs from the one given (the caller writes it then, and only then). */
  changed: boolean;
}

/**
 * Advances the episode of a rule for one tracker by one trigger (in time order): whether the
 * rule fires now, and the state after. A state of other conditions (after the rule changed) is
 * taken as fresh.
 */
export function advanceEpisode(
  rule: RuleGate,
  trigger: RuleTrigger,
  state: EpisodeState | undefined,
  lastFiredAt: number | null,
): EpisodeStep {
  const { conditions } = rule;
  const before =
    state && state.since.length === conditions.length ? state : freshEpisode(conditions);
  let since = before.since;
  const sustained: (boolean | undefined)[] = [];
  for (let i = 0; i < conditions.length; i++) {
    const condition = conditions[i]!;
    if (!isEpisodeCondition(condition)) continue;
    const now = episodeStateHolds(condition, trigger);
    const was = since[i]!;
    let next: number | null = was;
    if (now === true && was === UNSEEN) next = HELD_BEFORE;
    else if (now === true && was === null) next = trigger.at;
    else if (now === false) next = null;
    if (next !== was) {
      if (since === before.since) since = [...since];
      since[i] = next;
    }
    sustained[i] = next !== null && next >= 0 && trigger.at - next >= minimumDurationMs(condition);
  }
  const holds = conditionsHold(conditions, trigger, rule.timezone, sustained);
  const fires =
    holds &&
    !before.active &&
    Boolean(rule.is_enabled) &&
    throttleAllows(rule, lastFiredAt, trigger.at);
  const changed = since !== before.since || holds !== before.active || before !== state;
  return { fires, state: changed ? { since, active: holds } : before, changed };
}

/**
 * Replays triggers (in time order) through the rule as if it were enabled and had never
 * fired: the times it would have fired, the throttle counted between them, each episode once
 * per tracker for a rule with episode conditions. Nothing is sent.
 */
export function replayRule(rule: RuleGate, triggers: readonly RuleTrigger[]): RuleTrigger[] {
  const fired: RuleTrigger[] = [];
  const enabled = { ...rule, is_enabled: true };
  const episodic = hasEpisodes(rule.conditions);
  const episodes = new Map<number, EpisodeState>();
  let last: number | null = null;
  for (const trigger of triggers) {
    let fires: boolean;
    if (episodic) {
      const step = advanceEpisode(enabled, trigger, episodes.get(trigger.device.id), last);
      episodes.set(trigger.device.id, step.state);
      fires = step.fires;
    } else fires = ruleFires(enabled, trigger, last);
    if (fires) {
      fired.push(trigger);
      last = trigger.at;
    }
  }
  return fired;
}
