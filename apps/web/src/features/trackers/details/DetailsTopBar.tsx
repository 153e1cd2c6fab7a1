import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Switch, Text, Tooltip } from '@mantine/core';
import { IconDotsVertical, IconDownload, IconRefresh } from '@tabler/icons-react';
import { downloadHistory, type HistoryRange } from '../../../api/deviceDetails';
import { DateRangePicker } from '../../../components/DateRangePicker';
import type { DateRange, DateRangePreset } from '../../../components/dateRange';
import { modals } from '../../../app/modals/modalQueue';
import { useSession } from '../../../app/session/useSession';
import { GENERIC_ERROR, toast } from '../../../app/toast';
import { failureMessage } from './feedback';
import type { PositionsDownloadProps } from './PositionsDownloadModal';

interface DetailsTopBarProps {
  accountId: number;
  deviceId: number;
  trackerName: string;
  range: DateRange;
  maxDate: Date;
  onRange: (range: DateRange, preset: DateRangePreset) => void;
  onRefresh: () => void;
  refreshing: boolean;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
}

/**
 * Refresh, the UTC range, auto-refresh, the stops CSV and the points through the positions
 * download modal (spec 000 §2.5). On phones
 * (below sm) it stays one row: the range gets a compact label, and auto-refresh and the
 * downloads move into a 'More actions' menu.
 */
export function DetailsTopBar(props: DetailsTopBarProps) {
  const unlimited = useSession()?.features?.unlimitedDateSelection ?? false;
  const { accountId, deviceId, range } = props;

  const [downloading, setDownloading] = useState(false);

  const downloadStops = () => {
    const history: HistoryRange = { from: range.start, to: range.end };
    setDownloading(true);
    downloadHistory(accountId, deviceId, 'stops', history)
      .catch((error: unknown) => {
        const message = failureMessage(error, GENERIC_ERROR);
        if (message) toast.error(message);
      })
      .finally(() => setDownloading(false));
  };

  // The points go through the positions download modal: a file now, or an e-mailed CSV.
  const downloadPoints = () =>
    modals.open('device-positions-download', {
      accountId,
      deviceId,
      trackerName: props.trackerName,
      from: range.start,
      to: range.end,
    } satisfies PositionsDownloadProps);

  return (
    <Group gap="sm" wrap="wrap">
      <Tooltip label="Refresh">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Refresh"
          onClick={props.onRefresh}
          loading={props.refreshing}
        >
          <IconRefresh size={18} />
        </ActionIcon>
      </Tooltip>
      <DateRangePicker
        value={range}
        onChange={props.onRange}
        utc
        maxDate={props.maxDate}
        unlimited={unlimited}
        compact
      />
      <Switch
        visibleFrom="sm"
        label="Auto-refresh"
        checked={props.autoRefresh}
        onChange={(e) => props.onAutoRefresh(e.currentTarget.checked)}
      />
      <Button
        visibleFrom="sm"
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={downloading}
        onClick={downloadStops}
      >
        Download stops
      </Button>
      <Button
        visibleFrom="sm"
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={downloadPoints}
      >
        Download these points
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            hiddenFrom="sm"
            variant="default"
            size="lg"
            aria-label="More actions"
            loading={downloading}
          >
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            // Its name says the state ('Auto-refresh Off'): Mantine's items are plain menuitems.
            rightSection={
              <Text size="xs" c="dimmed">
                {props.autoRefresh ? 'On' : 'Off'}
              </Text>
            }
            onClick={() => props.onAutoRefresh(!props.autoRefresh)}
          >
            Auto-refresh
          </Menu.Item>
          <Menu.Item leftSection={<IconDownload size={14} />} onClick={downloadStops}>
            Download stops
          </Menu.Item>
          <Menu.Item leftSection={<IconDownload size={14} />} onClick={downloadPoints}>
            Download these points
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
