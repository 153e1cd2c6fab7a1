import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import {
  TRACKER_SORT_KEYS,
  TRACKER_SORT_LABELS,
  type TrackerSort,
  type TrackerSortKey,
} from '@waymark/domain';

const OPTIONS = TRACKER_SORT_KEYS.map((key) => ({ value: key, label: TRACKER_SORT_LABELS[key] }));

/** Which column the list is sorted by, and which way. */
export function SortControl({
  sort,
  onSort,
}: {
  sort: TrackerSort;
  onSort: (sort: TrackerSort) => void;
}) {
  const ascending = sort.direction === 'asc';
  const flip = ascending ? 'Sort descending' : 'Sort ascending';
  return (
    <Group gap={4} wrap="nowrap">
      <Select
        size="xs"
        w={120}
        aria-label="Sort by"
        allowDeselect={false}
        value={sort.key}
        data={OPTIONS}
        onChange={(key) => key && onSort({ ...sort, key: key as TrackerSortKey })}
      />
      <Tooltip label={flip}>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={flip}
          onClick={() => onSort({ ...sort, direction: ascending ? 'desc' : 'asc' })}
        >
          {ascending ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
