import {
  MESSAGE_CONTENT_LABELS,
  SPEED_UNIT_LABELS,
  TEMPERATURE_UNIT_LABELS,
  RULE_EVENT_TYPE_LABELS,
  type RuleAction,
  type RuleCondition,
} from './rule.schema';

/** Names of what rules point at by id; an unknown id reads as '#id'. */
export interface RuleNames {
  tracker?: (id: number) => string | undefined;
  geofence?: (id: number) => string | undefined;
  model?: (id: number) => string | undefined;
  command?: (id: number) => string | undefined;
}

const named = (lookup: ((id: number) => string | undefined) | undefined, id: number) =>
  lookup?.(id) ?? `#${id}`;

const list = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** '45 seconds', '2 minutes', '1 minute 30 seconds'. */
function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return plural(rest, 'second');
  return rest === 0
    ? plural(minutes, 'minute')
    : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}

/** One condition in words, as the rules list shows it. */
export function describeCondition(condition: RuleCondition, names: RuleNames = {}): string {
  switch (condition.type) {
    case 'tracker_list':
      return `Tracker is ${list(condition.data.values.map((id) => named(names.tracker, id)))}`;
    case 'tracker_name':
      return `Tracker name contains "${condition.data.value}"`;
    case 'message_content':
      return `Message is ${MESSAGE_CONTENT_LABELS[condition.data.value]}`;
    case 'geofence': {
      const how = condition.data.triggers.map((t) => (t === 'enter' ? 'enters' : 'exits'));
      return `Tracker ${list(how)} ${named(names.geofence, condition.data.address)}`;
    }
    case 'event_type':
      return `Event is ${list(condition.data.types.map((t) => RULE_EVENT_TYPE_LABELS[t]))}`;
    case 'event_time':
      return `Time is between ${condition.data.time_from} and ${condition.data.time_to}`;
    case 'speeding': {
      const { speed, unit, duration_seconds: seconds } = condition.data;
      const lasting = seconds > 0 ? ` for at least ${durationText(seconds)}` : '';
      return `Speed above ${speed} ${SPEED_UNIT_LABELS[unit]}${lasting}`;
    }
    case 'idling':
      return `Idling for longer than ${plural(condition.data.minutes, 'minute')}`;
    case 'trip':
      return condition.data.when === 'started' ? 'Trip started' : 'Trip ended';
    case 'no_report':
      return `No report for ${plural(condition.data.hours, 'hour')}`;
    case 'temperature': {
      const { min, max, unit } = condition.data;
      const u = TEMPERATURE_UNIT_LABELS[unit];
      return `Temperature outside ${min} ${u} to ${max} ${u}`;
    }
    case 'humidity':
      return `Humidity outside ${condition.data.min} % to ${condition.data.max} %`;
    case 'battery':
      return `Battery below ${condition.data.below} %`;
  }
}

/** One action in words, as the rules list shows it. */
export function describeAction(action: RuleAction, names: RuleNames = {}): string {
  switch (action.type) {
    case 'send_command_to_tracker': {
      const title = names.command?.(action.data.command);
      return title ? `Send command ${title} to the tracker` : 'Send a command to the tracker';
    }
    case 'send_webhook':
      return `Post to ${action.data.url}`;
    case 'send_text_message':
      return `Text ${action.data.phone_number}`;
    case 'send_email':
      return `E-mail ${action.data.email_addresses.join(', ')}`;
  }
}

/** Items in words joined by their operators: 'A and B or C'. */
export function describeItems<T extends RuleCondition | RuleAction>(
  items: readonly T[],
  describe: (item: T) => string,
): string {
  return items
    .map((item, i) => (i === 0 ? describe(item) : `${item.operator} ${describe(item)}`))
    .join(' ');
}
