import type {
  Rule,
  RuleAction,
  RuleActionType,
  RuleCondition,
  RuleConditionType,
  RuleOperator,
  RuleSaveInput,
  RuleTestRequestInput,
} from '@waymark/domain';

/** One condition or action as the form holds it: no type yet, or a type and its fields. */
export interface DraftItem<T extends string> {
  key: string;
  type: T | null;
  operator: RuleOperator;
  /** The fields of the type, as the inputs hold them (e-mail addresses as typed text). */
  data: Record<string, unknown>;
}

export interface RuleFormValues {
  is_enabled: boolean;
  name: string;
  throttle_enabled: boolean;
  /** Free text (spec 001 §5); empty is sent as null. */
  throttle_hours: string;
  conditions: DraftItem<RuleConditionType>[];
  actions: DraftItem<RuleActionType>[];
}

let sequence = 0;
export const itemKey = () => `item-${++sequence}`;

export const newItem = <T extends string>(): DraftItem<T> => ({
  key: itemKey(),
  type: null,
  operator: 'and',
  data: {},
});

export function blankRule(): RuleFormValues {
  return {
    is_enabled: true,
    name: '',
    throttle_enabled: false,
    throttle_hours: '',
    conditions: [newItem()],
    actions: [newItem()],
  };
}

/** The form's values of a saved rule. */
export function formOf(rule: Rule): RuleFormValues {
  return {
    is_enabled: rule.is_enabled === 1,
    name: rule.name,
    throttle_enabled: rule.throttle_enabled,
    throttle_hours: rule.throttle_hours === null ? '' : String(rule.throttle_hours),
    conditions: rule.conditions.map((c) => ({
      key: itemKey(),
      type: c.type,
      operator: c.operator,
      data: { ...c.data },
    })),
    actions: rule.actions.map((a) => ({
      key: itemKey(),
      type: a.type,
      operator: a.operator,
      data:
        a.type === 'send_email'
          ? { ...a.data, email_addresses: a.data.email_addresses.join(', ') }
          : { ...a.data },
    })),
  };
}

/** 'a@x.com, b@y.com' as a list (spec 001 §3: comma-separated input split into a list). */
export function splitEmails(text: unknown): string[] {
  return String(text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The call's payload: items without a type are left out (their fields never showed), e-mail
 * addresses split into a list, empty throttle hours sent as null.
 */
export function payloadOf(values: RuleFormValues): RuleSaveInput {
  const typed = <T extends string>(items: DraftItem<T>[]) =>
    items.filter((i): i is DraftItem<T> & { type: T } => i.type !== null);
  return {
    name: values.name.trim(),
    is_enabled: values.is_enabled ? 1 : 0,
    throttle_enabled: values.throttle_enabled,
    throttle_hours: values.throttle_hours.trim() === '' ? null : values.throttle_hours.trim(),
    conditions: typed(values.conditions).map(
      (c) => ({ type: c.type, operator: c.operator, data: c.data }) as unknown as RuleCondition,
    ),
    actions: typed(values.actions).map(
      (a) =>
        ({
          type: a.type,
          operator: a.operator,
          data:
            a.type === 'send_email'
              ? { ...a.data, email_addresses: splitEmails(a.data.email_addresses) }
              : a.data,
        }) as unknown as RuleAction,
    ),
  };
}

/**
 * What 'Test on the last 7 days' sends: the part of the form that decides when the rule fires,
 * as it stands now, saved or not (actions are not needed: nothing is sent).
 */
export function testPayloadOf(values: RuleFormValues): RuleTestRequestInput {
  const { throttle_enabled, throttle_hours, conditions } = payloadOf(values);
  return { throttle_enabled, throttle_hours, conditions };
}

/**
 * The server's 422 messages by item and field: 'conditions.0.data.values' becomes
 * errors.conditions[0].values. Indices count only the items sent (those with a type).
 */
export function itemErrors(
  errors: Record<string, string[]>,
  list: 'conditions' | 'actions',
  items: DraftItem<string>[],
): Map<string, Record<string, string>> {
  const sent = items.filter((i) => i.type !== null);
  const byKey = new Map<string, Record<string, string>>();
  for (const [path, messages] of Object.entries(errors)) {
    const match = new RegExp(`^${list}\\.(\\d+)\\.(?:data\\.)?([a-z_]+)`).exec(path);
    const item = match ? sent[Number(match[1])] : undefined;
    if (!match || !item) continue;
    byKey.set(item.key, { ...byKey.get(item.key), [match[2]!]: messages[0] ?? '' });
  }
  return byKey;
}
