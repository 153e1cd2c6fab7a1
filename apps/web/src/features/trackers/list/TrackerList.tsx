import type { ReactNode } from 'react';
import { Box, Checkbox, Group, Pagination, Select, Text } from '@mantine/core';
import type { DeviceListItem } from '@waymark/domain';
import { PAGE_SIZES, pageCount, type PageSize } from './filters';
import { VirtualList } from '../../../components/VirtualList';
import { TrackerRow } from './TrackerRow';

interface TrackerListProps {
  rows: DeviceListItem[];
  total: number;
  page: number;
  pageSize: PageSize;
  selected: ReadonlySet<number>;
  now: Date;
  /** Shown between select-all and the count: the sort. */
  toolbar?: ReactNode;
  canOpenCancelled: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
  onSelectAll: (checked: boolean) => void;
  onCheck: (id: number, checked: boolean) => void;
  onOpen: (id: number) => void;
  onShowOnMap: (id: number) => void;
}

/** One page of trackers as a virtual list, with a select-all row and the pager. */
export function TrackerList(props: TrackerListProps) {
  const { rows, total, page, pageSize, selected } = props;
  const allChecked = total > 0 && selected.size >= total;
  const someChecked = selected.size > 0 && !allChecked;

  return (
    <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Group
        px="sm"
        py={6}
        justify="space-between"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Checkbox
          size="sm"
          label={selected.size > 0 ? `${selected.size} selected` : 'Select all'}
          checked={allChecked}
          indeterminate={someChecked}
          onChange={(e) => props.onSelectAll(e.currentTarget.checked)}
        />
        {props.toolbar}
        <Text size="xs" c="dimmed" data-testid="tracker-count">
          {total} {total === 1 ? 'tracker' : 'trackers'}
        </Text>
      </Group>
      <VirtualList
        items={rows}
        label="Trackers"
        estimateSize={84}
        header={
          total === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              No tracker matches the search or the filters
            </Text>
          )
        }
        renderItem={(device) => (
          <TrackerRow
            device={device}
            checked={selected.has(device.id)}
            now={props.now}
            clickable={device.subscription_status !== 'cancelled' || props.canOpenCancelled}
            onCheck={props.onCheck}
            onOpen={props.onOpen}
            onShowOnMap={props.onShowOnMap}
          />
        )}
      />
      <Group
        px="sm"
        py={6}
        justify="space-between"
        wrap="nowrap"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Pagination
          size="sm"
          total={pageCount(total, pageSize)}
          value={page}
          onChange={props.onPage}
          siblings={0}
          boundaries={1}
        />
        <Select
          size="xs"
          w={80}
          aria-label="Page size"
          allowDeselect={false}
          value={String(pageSize)}
          data={PAGE_SIZES.map(String)}
          onChange={(value) => value && props.onPageSize(Number(value) as PageSize)}
        />
      </Group>
    </Box>
  );
}
