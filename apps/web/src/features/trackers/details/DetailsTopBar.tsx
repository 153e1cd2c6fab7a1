import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Switch, Text, Tooltip } from '@mantine/core';
import { IconDotsVertical, IconDownload, IconRefresh } from '@tabler/icons-react';
import { downloadHistory, type HistoryRange } from '../../../api/deviceDetails';
import { DateRangePicker } from '../../../components/DateRangePicker';
import type { DateRange, DateRangePreset } from '../../../components/dateRange';
import { useSession } from '../../../app/session/useSession';
import { GENERIC_ERROR, toast } from '../../../app/toast';
import { failureMessage } from './feedback';

interface DetailsTopBarProps {
  accountId: number;
  deviceId: number;
  range: DateRange;
  maxDate: Date;
  onRange: (range: DateRange, preset: DateRangePreset) => void;
  onRefresh: () => void;
  refreshing: boolean;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
}

/**
 * Refresh, the UTC range, auto-refresh and the two CSV downloads (spec 000 §2.5). On phones
 * (below sm) it stays one row: the range gets a compact label, and auto-refresh and the
 * downloads move into a 'More actions' menu.
 */
export function DetailsTopBar(props: DetailsTopBarProps) {
  const unlimited = useSession()?.features?.unlimitedDateSelection ?? false;
  const { accountId, deviceId, range } = props;
  const [downloading, setDownloading] = useState<'positions' | 'stops' | null>(null);

  const download = (what: 'positions' | 'stops') => {
    const history: HistoryRange = { from: range.start, to: range.end };
    setDownloading(what);
    downloadHistory(accountId, deviceId, what, history)
      .catch((error: unknown) => {
        const message = failureMessage(error, GENERIC_ERROR);
        if (message) toast.error(message);
      })
      .finally(() => setDownloading(null));
  };

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
        loading={downloading === 'stops'}
        onClick={() => download('stops')}
      >
        Download stops
      </Button>
      <Button
        visibleFrom="sm"
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={downloading === 'positions'}
        onClick={() => download('positions')}
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
            loading={downloading !== null}
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
          <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => download('stops')}>
            Download stops
          </Menu.Item>
          <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => download('positions')}>
            Download these points
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
