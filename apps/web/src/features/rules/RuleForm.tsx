import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  RULE_ACTION_LABELS,
  RULE_ACTION_TYPES,
  RULE_CONDITION_LABELS,
  RULE_CONDITION_TYPES,
  RULE_MESSAGES,
  fieldErrorsOf,
  ruleSaveSchema,
  type Rule,
  type RuleActionType,
  type RuleConditionType,
} from '@waymark/domain';
import { useTimezones } from '../../api/account';
import { ApiError, serverMessageOr } from '../../api/client';
import { useDeleteRule, useSaveRule } from '../../api/rules';
import { confirmAction } from '../../app/modals/confirmation';
import { toast } from '../../app/toast';
import { ActionFields } from './ActionFields';
import { ConditionFields } from './ConditionFields';
import {
  blankRule,
  formOf,
  itemErrors,
  newItem,
  payloadOf,
  type DraftItem,
  type RuleFormValues,
} from './ruleForm';

interface RuleFormProps {
  accountId: number;
  /** The rule being edited; none to create one. */
  rule?: Rule | undefined;
  /** After a save or a delete: back to /rules. */
  onDone: () => void;
  /** Told the values as they change (the 7-day test replays the rule as it stands). */
  onValues?: ((values: RuleFormValues) => void) | undefined;
}

const m = RULE_MESSAGES;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * 'Create New Rule' and 'Edit Rule' (spec 001 §2 "Rules"): enabled toggle, name, throttle,
 * 'If' conditions and 'Then' actions, each showing its fields once a type is chosen and its
 * and/or from the second on; Save, and Delete when updating, both disabled while one runs.
 */
export function RuleForm({ accountId, rule, onDone, onValues }: RuleFormProps) {
  const [values, setValues] = useState<RuleFormValues>(() => (rule ? formOf(rule) : blankRule()));
  useEffect(() => onValues?.(values), [values, onValues]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useSaveRule(accountId, rule?.id ?? null);
  const remove = useDeleteRule(accountId);
  const zones = useTimezones();
  const busy = save.isPending || remove.isPending;

  const set = (patch: Partial<RuleFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError) setErrors(error.errors);
    toast.error(error instanceof ApiError && error.message ? error.message : m.error);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload = payloadOf(values);
    // The server's schema first: a rule with no condition or no action says so in place.
    const checked = ruleSaveSchema.safeParse(payload);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    save.mutate(payload, {
      onSuccess: (saved) => {
        toast.success(m.saved(saved.name));
        onDone();
      },
      onError: failed,
    });
  };

  const onDelete = () => {
    if (!rule) return;
    confirmAction({
      title: 'Delete Rule',
      text: `Delete the rule "${rule.name}"? It stops acting at once.`,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => remove.mutateAsync(rule.id),
      successMessage: m.deleted(rule.name),
      errorMessage: serverMessageOr(m.error),
      onDone,
    });
  };

  /** Fields a type starts with: enter for geofences, the browser's zone for messages. */
  const startData = (type: string): Record<string, unknown> => {
    if (type === 'geofence') return { triggers: ['enter'] };
    // Units as the app shows them (mph, °F); speeding at once unless a duration is given.
    if (type === 'speeding') return { unit: 'mph', duration_seconds: 0 };
    if (type === 'temperature') return { unit: 'f' };
    if (type === 'trip') return { when: 'started' };
    if (type === 'send_email' || type === 'send_text_message') {
      const zone = zones.data?.find((z) => z.identifier === browserZone());
      return zone ? { timezone_id: zone.id } : {};
    }
    return {};
  };

  const conditionErrors = itemErrors(errors, 'conditions', values.conditions);
  const actionErrors = itemErrors(errors, 'actions', values.actions);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={rule ? m.editTitle : m.createTitle}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {rule ? m.editTitle : m.createTitle}
          </Title>
          <Switch
            label="Enabled"
            checked={values.is_enabled}
            onChange={(e) => set({ is_enabled: e.currentTarget.checked })}
          />
        </Group>
        <TextInput
          label="Name"
          placeholder={m.namePlaceholder}
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name?.[0]}
        />
        <Group align="flex-end" gap="sm">
          <Checkbox
            label={m.throttle}
            checked={values.throttle_enabled}
            onChange={(e) => set({ throttle_enabled: e.currentTarget.checked })}
          />
          <TextInput
            aria-label="Hours"
            placeholder="N"
            w={90}
            disabled={!values.throttle_enabled}
            value={values.throttle_hours}
            onChange={(e) => set({ throttle_hours: e.currentTarget.value })}
            error={errors.throttle_hours?.[0]}
          />
        </Group>

        <ItemSection<RuleConditionType>
          title="If"
          addLabel={m.addCondition}
          what="Condition"
          types={RULE_CONDITION_TYPES.map((t) => ({ value: t, label: RULE_CONDITION_LABELS[t] }))}
          items={values.conditions}
          onItems={(conditions) => set({ conditions })}
          startData={startData}
          error={errors.conditions?.[0]}
          errors={conditionErrors}
          fields={(item, onData, itemErrors) => (
            <ConditionFields
              accountId={accountId}
              type={item.type!}
              data={item.data}
              onData={onData}
              errors={itemErrors}
            />
          )}
        />
        <ItemSection<RuleActionType>
          title="Then"
          addLabel={m.addAction}
          what="Action"
          types={RULE_ACTION_TYPES.map((t) => ({ value: t, label: RULE_ACTION_LABELS[t] }))}
          items={values.actions}
          onItems={(actions) => set({ actions })}
          startData={startData}
          error={errors.actions?.[0]}
          errors={actionErrors}
          fields={(item, onData, itemErrors) => (
            <ActionFields type={item.type!} data={item.data} onData={onData} errors={itemErrors} />
          )}
        />

        <Group justify="space-between">
          {rule ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={onDelete}
              disabled={busy}
              loading={remove.isPending}
            >
              Delete
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={busy} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ItemSectionProps<T extends string> {
  title: string;
  addLabel: string;
  what: string;
  types: { value: T; label: string }[];
  items: DraftItem<T>[];
  onItems: (items: DraftItem<T>[]) => void;
  startData: (type: string) => Record<string, unknown>;
  /** The section's own message ('Add at least one condition'). */
  error?: string | undefined;
  errors: Map<string, Record<string, string>>;
  fields: (
    item: DraftItem<T>,
    onData: (patch: Record<string, unknown>) => void,
    errors: Record<string, string>,
  ) => ReactNode;
}

/** 'If' or 'Then': its items, the and/or from the second on, and the add button. */
function ItemSection<T extends string>(props: ItemSectionProps<T>) {
  const { items, onItems } = props;
  const change = (key: string, patch: Partial<DraftItem<T>>) =>
    onItems(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  return (
    <Stack gap="xs" component="section" aria-label={props.title}>
      <Title order={3} size="h4">
        {props.title}
      </Title>
      {items.map((item, index) => (
        <Paper
          key={item.key}
          withBorder
          p="sm"
          role="group"
          aria-label={`${props.what} ${index + 1}`}
        >
          <Stack gap="xs">
            {index > 0 && (
              <SegmentedControl
                size="xs"
                w={120}
                aria-label={`Operator of ${props.what.toLowerCase()} ${index + 1}`}
                data={[
                  { value: 'and', label: 'and' },
                  { value: 'or', label: 'or' },
                ]}
                value={item.operator}
                onChange={(operator) => change(item.key, { operator: operator as 'and' | 'or' })}
              />
            )}
            <Group align="flex-end" wrap="nowrap" gap="xs">
              <Select
                style={{ flex: 1 }}
                label={`${props.what} type`}
                placeholder="Choose a type"
                data={props.types}
                value={item.type}
                onChange={(type) =>
                  change(item.key, {
                    type: type as T | null,
                    data: type ? props.startData(type) : {},
                  })
                }
                error={props.errors.get(item.key)?.type}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove ${props.what.toLowerCase()} ${index + 1}`}
                onClick={() => onItems(items.filter((i) => i.key !== item.key))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            {item.type !== null &&
              props.fields(
                item,
                (patch) => change(item.key, { data: { ...item.data, ...patch } }),
                props.errors.get(item.key) ?? {},
              )}
          </Stack>
        </Paper>
      ))}
      {props.error && (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => onItems([...items, newItem<T>()])}
        style={{ alignSelf: 'flex-start' }}
      >
        {props.addLabel}
      </Button>
    </Stack>
  );
}
