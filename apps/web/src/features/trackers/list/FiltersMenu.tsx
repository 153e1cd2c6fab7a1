import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Popover,
  Slider,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { SUBSCRIPTION_LABELS } from '@waymark/domain';
import {
  activeFilterCount,
  FILTER_LIMITS,
  SCOUT_RESET_TEXT,
  type NumberFilter,
  type NumberFilterName,
  type TrackerFilters,
} from './filters';
import { SLIDER_DEBOUNCE_MS } from './preferences';

const LABELS: Record<NumberFilterName, (n: number) => string> = {
  notReported: (n) => `Hide trackers not reported in ${n} days`,
  batteryAbove: (n) => `Hide trackers with battery above ${n}%`,
  movedIn: (n) => `Show trackers moved in the last ${n} days`,
  notMovedIn: (n) => `Show trackers not moved in the last ${n} days`,
};

/** A switch and its slider; the slider reports 500 ms after the user lets go of it. */
function NumberFilterField({
  name,
  filter,
  onChange,
}: {
  name: NumberFilterName;
  filter: NumberFilter;
  onChange: (next: NumberFilter) => void;
}) {
  const [value, setValue] = useState(filter.value);
  const commit = useDebouncedCallback(
    (next: number) => onChange({ ...filter, value: next }),
    SLIDER_DEBOUNCE_MS,
  );
  const { min, max } = FILTER_LIMITS[name];
  return (
    <Stack gap={4}>
      <Switch
        size="sm"
        label={LABELS[name](value)}
        checked={filter.enabled}
        onChange={(e) => onChange({ ...filter, enabled: e.currentTarget.checked })}
      />
      <Slider
        min={min}
        max={max}
        value={value}
        disabled={!filter.enabled}
        aria-label={LABELS[name](value)}
        onChange={(next) => {
          setValue(next);
          commit(next);
        }}
        size="sm"
        ml={46}
      />
    </Stack>
  );
}

export function FiltersMenu({
  filters,
  allowed,
  onChange,
  onReset,
}: {
  filters: TrackerFilters;
  allowed: readonly string[];
  onChange: (change: Partial<TrackerFilters>) => void;
  onReset: () => void;
}) {
  const count = activeFilterCount(filters, allowed);
  return (
    <Popover position="bottom-end" width={340} shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFilter size={14} />}
          rightSection={
            count > 0 ? (
              <Badge size="xs" circle>
                {count}
              </Badge>
            ) : null
          }
        >
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Tracker filters">
        {filters.ids ? (
          <Alert color="violet" variant="light">
            <Stack gap="xs">
              <Text size="sm">Scout is showing {filters.ids.length} trackers.</Text>
              <Button size="xs" variant="light" onClick={() => onChange({ ids: null })}>
                {SCOUT_RESET_TEXT}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="sm">
            {(Object.keys(FILTER_LIMITS) as NumberFilterName[]).map((name) => (
              <NumberFilterField
                // Remounts after a reset so the slider shows the stored value again.
                key={`${name}-${filters[name].value}`}
                name={name}
                filter={filters[name]}
                onChange={(next) => onChange({ [name]: next })}
              />
            ))}
            <Switch
              size="sm"
              label="Show only missed update"
              checked={filters.missedUpdate}
              onChange={(e) => onChange({ missedUpdate: e.currentTarget.checked })}
            />
            <Switch
              size="sm"
              label="Include cell fixes in the movement filters"
              checked={filters.includeCell}
              onChange={(e) => onChange({ includeCell: e.currentTarget.checked })}
            />
            <Divider />
            <Checkbox.Group
              label="Subscription status"
              value={filters.statuses}
              onChange={(statuses) => onChange({ statuses })}
            >
              <Stack gap={6} mt={6}>
                {allowed.map((status) => (
                  <Checkbox
                    key={status}
                    value={status}
                    size="xs"
                    label={SUBSCRIPTION_LABELS[status] ?? status}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Button size="xs" variant="subtle" onClick={onReset}>
              Reset filters
            </Button>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
