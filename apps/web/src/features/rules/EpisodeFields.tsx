import { Group, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import {
  SPEED_UNIT_LABELS,
  SPEED_UNITS,
  TEMPERATURE_UNIT_LABELS,
  TEMPERATURE_UNITS,
  type EpisodeConditionType,
} from '@waymark/domain';

interface EpisodeFieldsProps {
  type: EpisodeConditionType;
  data: Record<string, unknown>;
  onData: (patch: Record<string, unknown>) => void;
  errors: Record<string, string>;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** The input's value as the schema reads it: a number, or nothing when emptied. */
const numberOf = (v: number | string) => (typeof v === 'number' ? v : undefined);
const shown = (v: unknown) => (typeof v === 'number' ? v : '');

const ONCE = 'Fires once per episode, again after it has ended.';

/**
 * The fields of the episode conditions (issue 36 §4): the thresholds, their units and how
 * long the state must last. Units start as the app shows them (mph, °F).
 */
export function EpisodeFields({ type, data, onData, errors }: EpisodeFieldsProps) {
  const number = (key: string, label: string, extra: { suffix?: string; step?: number } = {}) => (
    <NumberInput
      label={label}
      value={shown(data[key])}
      onChange={(v) => onData({ [key]: numberOf(v) })}
      error={errors[key]}
      hideControls
      decimalScale={extra.step === 1 ? 0 : 2}
      suffix={extra.suffix}
    />
  );
  const once = (
    <Text size="xs" c="dimmed">
      {ONCE}
    </Text>
  );
  switch (type) {
    case 'speeding':
      return (
        <Stack gap="xs">
          <Group grow align="flex-start">
            {number('speed', 'Speed above')}
            <Select
              label="Unit"
              data={SPEED_UNITS.map((u) => ({ value: u, label: SPEED_UNIT_LABELS[u] }))}
              value={text(data.unit) || null}
              onChange={(unit) => onData({ unit })}
              error={errors.unit}
              allowDeselect={false}
            />
            {number('duration_seconds', 'For at least (seconds)', { step: 1 })}
          </Group>
          {once}
        </Stack>
      );
    case 'idling':
      return (
        <Stack gap="xs">
          {number('minutes', 'Ignition on while stopped for longer than (minutes)', { step: 1 })}
          {once}
        </Stack>
      );
    case 'trip':
      return (
        <Stack gap="xs">
          <SegmentedControl
            aria-label="Trip"
            data={[
              { value: 'started', label: 'Trip started' },
              { value: 'ended', label: 'Trip ended' },
            ]}
            value={text(data.when) || 'started'}
            onChange={(when) => onData({ when })}
          />
          {errors.when && (
            <Text size="xs" c="red">
              {errors.when}
            </Text>
          )}
        </Stack>
      );
    case 'no_report':
      return (
        <Stack gap="xs">
          {number('hours', 'No report for (hours)')}
          {once}
        </Stack>
      );
    case 'temperature':
      return (
        <Stack gap="xs">
          <Group grow align="flex-start">
            {number('min', 'Lowest')}
            {number('max', 'Highest')}
            <Select
              label="Unit"
              data={TEMPERATURE_UNITS.map((u) => ({ value: u, label: TEMPERATURE_UNIT_LABELS[u] }))}
              value={text(data.unit) || null}
              onChange={(unit) => onData({ unit })}
              error={errors.unit}
              allowDeselect={false}
            />
          </Group>
          {once}
        </Stack>
      );
    case 'humidity':
      return (
        <Stack gap="xs">
          <Group grow align="flex-start">
            {number('min', 'Lowest (%)')}
            {number('max', 'Highest (%)')}
          </Group>
          {once}
        </Stack>
      );
    case 'battery':
      return (
        <Stack gap="xs">
          {number('below', 'Battery below (%)', { step: 1 })}
          {once}
        </Stack>
      );
  }
}
