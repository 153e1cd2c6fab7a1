import { Checkbox, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { EpisodeFields } from './EpisodeFields';
import {
  GEOFENCE_TRIGGERS,
  MESSAGE_CONTENT_LABELS,
  MESSAGE_CONTENTS,
  RULE_EVENT_TYPE_LABELS,
  RULE_EVENT_TYPES,
  type RuleConditionType,
} from '@waymark/domain';
import { useGeofences } from '../../api/geofences';
import { TrackerPicker } from './TrackerPicker';

interface FieldsProps {
  accountId: number;
  type: RuleConditionType;
  data: Record<string, unknown>;
  onData: (patch: Record<string, unknown>) => void;
  errors: Record<string, string>;
}

const list = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The fields of a condition of the chosen type (spec 001 §3 "Condition types and data"). */
export function ConditionFields({ accountId, type, data, onData, errors }: FieldsProps) {
  const geofences = useGeofences(type === 'geofence' ? accountId : null);
  switch (type) {
    case 'tracker_list':
      return (
        <TrackerPicker
          accountId={accountId}
          value={list<number>(data.values)}
          onChange={(values) => onData({ values })}
          error={errors.values}
        />
      );
    case 'tracker_name':
      return (
        <TextInput
          label="Tracker name contains"
          value={text(data.value)}
          onChange={(e) => onData({ value: e.currentTarget.value })}
          error={errors.value}
        />
      );
    case 'message_content':
      return (
        <Select
          label="Message content"
          data={MESSAGE_CONTENTS.map((v) => ({ value: v, label: MESSAGE_CONTENT_LABELS[v] }))}
          value={text(data.value) || null}
          onChange={(value) => onData({ value })}
          error={errors.value}
        />
      );
    case 'geofence': {
      const triggers = list<string>(data.triggers);
      return (
        <Stack gap="xs">
          <Select
            label="Geofence"
            searchable
            data={(geofences.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={data.address ? String(data.address as number) : null}
            onChange={(id) => onData({ address: id ? Number(id) : undefined })}
            nothingFoundMessage="No results"
            error={errors.address}
          />
          <Checkbox.Group
            label="Trigger on"
            value={triggers}
            onChange={(value) =>
              onData({ triggers: GEOFENCE_TRIGGERS.filter((t) => value.includes(t)) })
            }
            error={errors.triggers}
          >
            <Group gap="md" mt={4}>
              <Checkbox value="enter" label="Enter" />
              <Checkbox value="exit" label="Exit" />
            </Group>
          </Checkbox.Group>
        </Stack>
      );
    }
    case 'event_type':
      return (
        <MultiSelect
          label="Event types"
          data={RULE_EVENT_TYPES.map((v) => ({ value: v, label: RULE_EVENT_TYPE_LABELS[v] }))}
          value={list<string>(data.types)}
          onChange={(types) => onData({ types })}
          error={errors.types}
        />
      );
    case 'speeding':
    case 'idling':
    case 'trip':
    case 'no_report':
    case 'temperature':
    case 'humidity':
    case 'battery':
      return <EpisodeFields type={type} data={data} onData={onData} errors={errors} />;
    case 'event_time':
      return (
        <Group grow align="flex-start">
          <TextInput
            type="time"
            label="From"
            value={text(data.time_from)}
            onChange={(e) => onData({ time_from: e.currentTarget.value })}
            error={errors.time_from}
          />
          <TextInput
            type="time"
            label="To"
            value={text(data.time_to)}
            onChange={(e) => onData({ time_to: e.currentTarget.value })}
            error={errors.time_to}
          />
        </Group>
      );
  }
}
