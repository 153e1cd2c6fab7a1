import { useState } from 'react';
import { ActionIcon, Box, Group, Switch, Tooltip } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import type { ShipmentStatus } from '@waymark/domain';
import { DateRangePicker } from '../../../components/DateRangePicker';
import type { DateRange } from '../../../components/dateRange';
import { StatusFilter } from './StatusFilter';

export const RANGE_TOOLTIP = 'Select range for a start date';
export const DOWNLOAD_LABEL = 'Download these shipments';

interface ShipmentListBarProps {
  refreshing: boolean;
  onRefresh: () => void;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  range: DateRange;
  onRange: (range: DateRange) => void;
  statuses: readonly ShipmentStatus[];
  onStatuses: (statuses: ShipmentStatus[]) => void;
  /** Resolves when the file is saved; the bar shows it busy until then. */
  onDownload: () => Promise<void>;
}

/** Refresh, auto-refresh, the start-date range, the status filter and the download (spec 001 §2). */
export function ShipmentListBar(props: ShipmentListBarProps) {
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    void props.onDownload().finally(() => setDownloading(false));
  };
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Shipments toolbar">
      <Tooltip label="Refresh">
        <ActionIcon
          variant="default"
          aria-label="Refresh"
          loading={props.refreshing}
          onClick={props.onRefresh}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
      <Switch
        size="xs"
        label="Auto-refresh"
        checked={props.autoRefresh}
        onChange={(e) => props.onAutoRefresh(e.currentTarget.checked)}
      />
      <Tooltip label={RANGE_TOOLTIP}>
        {/* The picker's button is its popover's target; the tooltip needs its own box. */}
        <Box component="span" style={{ display: 'inline-flex' }}>
          <DateRangePicker
            value={props.range}
            onChange={(range) => props.onRange(range)}
            label={RANGE_TOOLTIP}
            compact
          />
        </Box>
      </Tooltip>
      <StatusFilter value={props.statuses} onChange={props.onStatuses} />
      <Tooltip label={DOWNLOAD_LABEL}>
        <ActionIcon
          variant="default"
          aria-label={DOWNLOAD_LABEL}
          loading={downloading}
          onClick={download}
        >
          <IconDownload size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
