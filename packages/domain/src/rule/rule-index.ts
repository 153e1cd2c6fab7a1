import type { RuleCondition } from './rule.schema';
import { orGroups, type RuleGate, type RuleTrigger } from './rule.rules';

type TriggerKind = RuleTrigger['kind'];
const KINDS: readonly TriggerKind[] = ['position', 'event', 'silence'];

/** What one group of and-ed conditions asks of a trigger before any condition is read. */
interface GroupNeeds {
  /** The kinds of trigger it can hold for; none when its conditions contradict each other. */
  kinds: readonly TriggerKind[];
  /** The trackers it can hold for (every tracker_list in it at once); undefined: any. */
  devices?: ReadonlySet<number>;
  /** Texts the tracker's name must contain, lower case (its tracker_name conditions). */
  names: readonly string[];
}

/** The trigger kinds a condition can hold for. */
function kindsOf(condition: RuleCondition): readonly TriggerKind[] {
  switch (condition.type) {
    case 'message_content':
      return condition.data.value === 'position' ? ['position'] : ['event'];
    case 'geofence':
    case 'event_type':
      return ['event'];
    case 'no_report':
      return ['silence'];
    case 'speeding':
    case 'idling':
    case 'trip':
    case 'temperature':
    case 'humidity':
    case 'battery':
      return ['position'];
    default:
      return KINDS;
  }
}

function needsOf(group: readonly RuleCondition[]): GroupNeeds {
  let kinds = KINDS;
  let devices: Set<number> | undefined;
  const names: string[] = [];
  for (const condition of group) {
    const own = kindsOf(condition);
    kinds = kinds.filter((k) => own.includes(k));
    if (condition.type === 'tracker_list') {
      const listed = new Set(condition.data.values);
      devices = devices ? new Set([...devices].filter((id) => listed.has(id))) : listed;
    }
    if (condition.type === 'tracker_name') names.push(condition.data.value.toLowerCase());
  }
  // The silence check asks only rules that wait for a silence (not every 'Tracker is one of').
  if (!group.some((c) => c.type === 'no_report')) kinds = kinds.filter((k) => k !== 'silence');
  return devices ? { kinds, devices, names } : { kinds, names };
}

/** Whether the group's conditions about the tracker itself (list, name) hold for it. */
function holdsForTracker(group: GroupNeeds, device: RuleTrigger['device']): boolean {
  if (group.devices && !group.devices.has(device.id)) return false;
  if (group.names.length === 0) return true;
  const name = device.name.toLowerCase();
  return group.names.every((text) => name.includes(text));
}

/**
 * The enabled rules of an account arranged by what a trigger must be for them to hold: by
 * trigger kind, then by tracker where every or-group of a rule names its trackers. A position
 * then meets only the rules that could fire for it (a thousand rules of geofence events and
 * other trackers cost it nothing); `ruleFires` still decides. Built when the rules are read.
 * What a tracker's list and name allow is worked out at its first trigger of each kind and
 * kept until its name changes (rules named 'Trailer 12' ask nothing of the other trailers).
 */
export class RuleIndex<R extends RuleGate> {
  private readonly anyTracker = new Map<TriggerKind, R[]>();
  private readonly byTracker = new Map<TriggerKind, Map<number, R[]>>();
  private readonly groupsOf = new Map<R, GroupNeeds[]>();
  private readonly perTracker = new Map<number, { name: string; rules: Map<TriggerKind, R[]> }>();

  constructor(rules: readonly R[]) {
    for (const kind of KINDS) {
      this.anyTracker.set(kind, []);
      this.byTracker.set(kind, new Map());
    }
    for (const rule of rules) {
      if (!rule.is_enabled) continue;
      const groups = orGroups(rule.conditions).map(needsOf);
      this.groupsOf.set(rule, groups);
      for (const kind of KINDS) {
        const live = groups.filter((g) => g.kinds.includes(kind));
        if (live.length === 0) continue;
        if (live.some((g) => !g.devices)) {
          this.anyTracker.get(kind)!.push(rule);
          continue;
        }
        const ids = new Set(live.flatMap((g) => [...g.devices!]));
        const lists = this.byTracker.get(kind)!;
        for (const id of ids) lists.set(id, [...(lists.get(id) ?? []), rule]);
      }
    }
  }

  /** The rules that could fire for the trigger, each once. */
  candidates({ kind, device }: Pick<RuleTrigger, 'kind' | 'device'>): readonly R[] {
    let seen = this.perTracker.get(device.id);
    if (!seen || seen.name !== device.name) {
      seen = { name: device.name, rules: new Map() };
      this.perTracker.set(device.id, seen);
    }
    let rules = seen.rules.get(kind);
    if (!rules) {
      const listed = this.byTracker.get(kind)!.get(device.id) ?? [];
      rules = [...this.anyTracker.get(kind)!, ...listed].filter((rule) =>
        this.groupsOf.get(rule)!.some((g) => g.kinds.includes(kind) && holdsForTracker(g, device)),
      );
      seen.rules.set(kind, rules);
    }
    return rules;
  }
}
