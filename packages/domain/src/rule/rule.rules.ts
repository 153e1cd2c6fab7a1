import { formatMessageTime } from '../common/message-time';
import type { RuleCondition } from './rule.schema';
import { episodeStateHolds, type RuleReading } from './rule-reading.rules';

/**
 * What a rule is asked about: a committed (accepted) position of a tracker, a device event
 * stored for it (geofence enter/exit, tamper alarm, low battery, ...), or the periodic check
 * that finds how long it has been silent. Times are epoch milliseconds.
 */
export interface RuleTrigger {
  kind: 'position' | 'event' | 'silence';
  at: number;
  device: { id: number; name: string };
  lat: number | null;
  lng: number | null;
  address: string | null;
  /** Only for kind 'event'. */
  event?: { type: string; description: string; geofenceId: number | null };
  /** Only for kind 'position'. */
  reading?: RuleReading;
  /** Only for kind 'silence': since the tracker's last accepted fix. */
  silentMs?: number;
}

/** The parts of a rule that decide whether it fires. */
export interface RuleGate {
  is_enabled: boolean | 0 | 1;
  throttle_enabled: boolean;
  throttle_hours: number | null;
  conditions: readonly RuleCondition[];
  /** IANA zone event_time conditions are read in. */
  timezone: string;
}

const HOUR_MS = 3_600_000;

/** Each zone's clock, and the last instant read on it: many rules ask about one trigger. */
const clocks = new Map<string, { format: Intl.DateTimeFormat; at: number; minute: number }>();

/** Minutes since midnight of the instant on the wall clock of the zone (UTC if unknown). */
export function minuteOfDay(at: number, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    const format = new Intl.DateTimeFormat('en-GB', {
      timeZone: isTimeZone(timeZone) ? timeZone : 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clock = { format, at: Number.NaN, minute: 0 };
    clocks.set(timeZone, clock);
  }
  if (clock.at !== at) {
    const parts = clock.format.formatToParts(new Date(at));
    const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
    const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
    clock.at = at;
    clock.minute = hour * 60 + minute;
  }
  return clock.minute;
}

/** True for a time zone name Intl knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * True when the minute of the day lies in the window from..to, both ends included ('HH:mm').
 * A window whose end is before its start runs over midnight (22:00 to 06:00).
 */
export function withinTimeWindow(minute: number, from: string, to: string): boolean {
  const start = minutesOf(from);
  const end = minutesOf(to);
  return start <= end ? minute >= start && minute <= end : minute >= start || minute <= end;
}

/** The geofence trigger (enter or exit) of a device event type, if it is one. */
function geofenceTriggerOf(type: string): 'enter' | 'exit' | undefined {
  if (type === 'geofence-enter') return 'enter';
  if (type === 'geofence-exit') return 'exit';
  return undefined;
}

/**
 * Whether one condition holds for the trigger (spec 001 §3 "Rule"):
 * - tracker_list: the tracker is one of the ids;
 * - tracker_name: the tracker's name contains the text, in any case;
 * - message_content: 'position' holds for positions, 'alarms.disassemble' for tamper alarms;
 * - geofence: an enter or exit (as chosen) of that geofence;
 * - event_type: a device event of one of the types;
 * - event_time: the trigger's time of day, in the rule's zone, is within the window.
 */
export function conditionHolds(
  condition: RuleCondition,
  trigger: RuleTrigger,
  timeZone: string,
): boolean {
  switch (condition.type) {
    case 'tracker_list':
      return condition.data.values.includes(trigger.device.id);
    case 'tracker_name':
      return trigger.device.name.toLowerCase().includes(condition.data.value.toLowerCase());
    case 'message_content':
      return condition.data.value === 'position'
        ? trigger.kind === 'position'
        : trigger.kind === 'event' && trigger.event?.type === 'tamper-alert';
    case 'geofence': {
      const crossing = trigger.event ? geofenceTriggerOf(trigger.event.type) : undefined;
      return (
        crossing !== undefined &&
        trigger.event?.geofenceId === condition.data.address &&
        condition.data.triggers.includes(crossing)
      );
    }
    case 'event_type':
      return (
        trigger.kind === 'event' &&
        (condition.data.types as readonly string[]).includes(trigger.event?.type ?? '')
      );
    case 'event_time':
      return withinTimeWindow(
        minuteOfDay(trigger.at, timeZone),
        condition.data.time_from,
        condition.data.time_to,
      );
    default:
      // An episode condition asked without its episode: its state at this instant.
      return episodeStateHolds(condition, trigger) === true;
  }
}

/**
 * Whether the conditions hold together. Each item after the first joins the ones before it by
 * its operator, and binds tighter than or, as in most languages: `A and B or C` is
 * `(A and B) or C`. A rule without conditions never holds (it would fire on every report).
 */
export function conditionsHold(
  conditions: readonly RuleCondition[],
  trigger: RuleTrigger,
  timeZone: string,
  /** Per condition, whether it holds as its episode has lasted (episode conditions only). */
  sustained?: readonly (boolean | undefined)[],
): boolean {
  if (conditions.length === 0) return false;
  // Any group (items joined by and, between two or) whose items all hold; read in one pass
  // without building the groups, as the rules step asks this of many rules per position.
  let groupHolds = true;
  for (let i = 0; i < conditions.length; i++) {
    const condition = conditions[i]!;
    if (i > 0 && condition.operator === 'or') {
      if (groupHolds) return true;
      groupHolds = true;
    }
    if (groupHolds && !(sustained?.[i] ?? conditionHolds(condition, trigger, timeZone)))
      groupHolds = false;
  }
  return groupHolds;
}

/** The conditions split where an item joins by 'or'. */
export function orGroups<T extends { operator: 'and' | 'or' }>(items: readonly T[]): T[][] {
  const groups: T[][] = [];
  items.forEach((item, i) => {
    if (i === 0 || item.operator === 'or') groups.push([item]);
    else groups[groups.length - 1]!.push(item);
  });
  return groups;
}

/**
 * Whether the throttle lets the rule fire at `at`: always without it, else only once
 * `throttle_hours` have passed since it last fired.
 */
export function throttleAllows(
  rule: Pick<RuleGate, 'throttle_enabled' | 'throttle_hours'>,
  lastFiredAt: number | null,
  at: number,
): boolean {
  if (!rule.throttle_enabled || rule.throttle_hours === null || lastFiredAt === null) return true;
  return at - lastFiredAt >= rule.throttle_hours * HOUR_MS;
}

/** Whether the rule fires for the trigger: enabled, its conditions hold, the throttle allows. */
export function ruleFires(rule: RuleGate, trigger: RuleTrigger, lastFiredAt: number | null) {
  return (
    Boolean(rule.is_enabled) &&
    conditionsHold(rule.conditions, trigger, rule.timezone) &&
    throttleAllows(rule, lastFiredAt, trigger.at)
  );
}

/** 'Nov 28, 2026, 3:04 PM EST': the time of {{time}}, on the clock of the action's zone. */
export function formatRuleTime(at: number, timeZone: string): string {
  return formatMessageTime(at, isTimeZone(timeZone) ? timeZone : 'UTC');
}

/** The link of {{map}}: the position on OpenStreetMap, readable without an account. */
export function mapLink(lat: number, lng: number): string {
  const y = lat.toFixed(6);
  const x = lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${y}&mlon=${x}#map=16/${y}/${x}`;
}

export interface PlaceholderValues {
  name: string;
  time: string;
  map: string;
  address: string;
}

/** The values of {{name}}, {{time}}, {{map}} and {{address}} for a trigger. */
export function placeholderValues(trigger: RuleTrigger, timeZone: string): PlaceholderValues {
  const placed = trigger.lat !== null && trigger.lng !== null;
  return {
    name: trigger.device.name,
    time: formatRuleTime(trigger.at, timeZone),
    map: placed ? mapLink(trigger.lat!, trigger.lng!) : '',
    address:
      trigger.address ??
      (placed ? `${trigger.lat!.toFixed(5)}, ${trigger.lng!.toFixed(5)}` : 'Unknown address'),
  };
}

/** The text with each placeholder replaced (spaces inside the braces allowed); others stay. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(
    /\{\{\s*(name|time|map|address)\s*\}\}/g,
    (_, key: keyof PlaceholderValues) => values[key],
  );
}

/** The JSON body a send_webhook action posts. */
export function webhookBody(rule: { id: number; name: string }, trigger: RuleTrigger) {
  const placed = trigger.lat !== null && trigger.lng !== null;
  return {
    rule: { id: rule.id, name: rule.name },
    trigger: trigger.kind,
    time: new Date(trigger.at).toISOString(),
    device: trigger.device,
    location: placed ? { lat: trigger.lat, lng: trigger.lng } : null,
    address: trigger.address,
    map: placed ? mapLink(trigger.lat!, trigger.lng!) : null,
    event: trigger.event
      ? {
          type: trigger.event.type,
          description: trigger.event.description,
          geofence_id: trigger.event.geofenceId,
        }
      : null,
  };
}

/** What set a rule off, in words, for its firing log. */
export function describeTrigger(trigger: RuleTrigger): string {
  if (trigger.kind === 'event' && trigger.event) return trigger.event.description;
  if (trigger.kind === 'silence') {
    const hours = Math.floor((trigger.silentMs ?? 0) / HOUR_MS);
    return `No report from ${trigger.device.name} for ${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `Position of ${trigger.device.name}${trigger.address ? ` at ${trigger.address}` : ''}`;
}
