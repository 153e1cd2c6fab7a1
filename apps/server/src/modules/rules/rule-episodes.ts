import type { EpisodeState } from '@waymark/domain';
import type { Db } from '../../db/client';
import { episodeRows, type EpisodeWrite, type RuleRow } from './rules.queries';

/**
 * The rules engine's memory of episodes (once-per-episode firing), per rule and tracker: read
 * from the database when a rule is first seen enabled (at start, or after its conditions
 * changed), then kept here, and written only when an episode changes (a speeding stretch
 * begins, fires, ends), never read per position.
 */
export class EpisodeMemory {
  private readonly byRule = new Map<number, Map<number, EpisodeState>>();
  /** The conditions each rule's episodes were kept for (JSON): a change begins them afresh. */
  private readonly conditionsOf = new Map<number, string>();
  private readonly changed = new Map<string, EpisodeWrite>();

  /** Follows the enabled rules: forgets the others, reads those new or changed. */
  async adopt(db: Db, rules: readonly RuleRow[]) {
    const fresh: number[] = [];
    const seen = new Set<number>();
    for (const rule of rules) {
      seen.add(rule.id);
      const conditions = JSON.stringify(rule.conditions);
      if (this.conditionsOf.get(rule.id) === conditions) continue;
      this.conditionsOf.set(rule.id, conditions);
      this.byRule.set(rule.id, new Map());
      fresh.push(rule.id);
    }
    for (const id of [...this.byRule.keys()]) {
      if (seen.has(id)) continue;
      this.byRule.delete(id);
      this.conditionsOf.delete(id);
    }
    for (const row of await episodeRows(db, fresh)) {
      this.byRule.get(row.rule_id)?.set(row.device_id, { since: row.since, active: row.active });
    }
  }

  get(ruleId: number, deviceId: number): EpisodeState | undefined {
    return this.byRule.get(ruleId)?.get(deviceId);
  }

  /** Keeps the new state, to be written with the round's firings. */
  set(ruleId: number, deviceId: number, state: EpisodeState) {
    let rule = this.byRule.get(ruleId);
    if (!rule) {
      rule = new Map();
      this.byRule.set(ruleId, rule);
    }
    rule.set(deviceId, state);
    this.changed.set(`${ruleId}:${deviceId}`, { rule_id: ruleId, device_id: deviceId, state });
  }

  /** The states changed since the last call (each rule and tracker once, its newest). */
  takeChanges(): EpisodeWrite[] {
    const writes = [...this.changed.values()];
    this.changed.clear();
    return writes;
  }
}
