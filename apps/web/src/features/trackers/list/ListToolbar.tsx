import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconRefresh,
  IconRouter,
  IconSparkles,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PositionsReport } from '../../../api/devices';
import { useSession } from '../../../app/session/useSession';
import { DateRangePicker } from '../../../components/DateRangePicker';
import type { DateRange } from '../../../components/dateRange';
import { DownloadMenu } from './DownloadMenu';
import { FiltersMenu } from './FiltersMenu';
import type { TrackerFilters } from './filters';

interface ListToolbarProps {
  showSidebarToggle: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  refreshing: boolean;
  onRefresh: () => void;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  filters: TrackerFilters;
  allowedStatuses: readonly string[];
  onFilters: (change: Partial<TrackerFilters>) => void;
  onResetFilters: () => void;
  /** Null when the account has no controls_available setting. */
  controls: { on: boolean; onToggle: (on: boolean) => void } | null;
  range: DateRange;
  /** The latest selectable moment. */
  now: Date;
  onRange: (range: DateRange) => void;
  report: PositionsReport;
  /** Opens Scout's column; null for users who may not use AI (spec 000 §2.4). */
  onAskScout: (() => void) | null;
}

/**
 * Refresh, auto-refresh, filters, controls with a date range, downloads (spec 000 §2.3),
 * 'Device setup' for the admins who set trackers up (issue 41) and 'Ask Scout' for users who
 * may use AI (§2.4).
 */
export function ListToolbar(props: ListToolbarProps) {
  const view = useSession();
  const unlimited = view?.features?.unlimitedDateSelection ?? false;
  return (
    <Group
      gap="xs"
      px="sm"
      py={6}
      wrap="wrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      role="toolbar"
      aria-label="Trackers toolbar"
    >
      {props.showSidebarToggle && (
        <Tooltip label={props.sidebarOpen ? 'Hide list' : 'Show list'}>
          <ActionIcon
            variant="default"
            aria-label={props.sidebarOpen ? 'Hide list' : 'Show list'}
            onClick={props.onToggleSidebar}
          >
            {props.sidebarOpen ? (
              <IconLayoutSidebarLeftCollapse size={16} />
            ) : (
              <IconLayoutSidebarLeftExpand size={16} />
            )}
          </ActionIcon>
        </Tooltip>
      )}
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
      <FiltersMenu
        filters={props.filters}
        allowed={props.allowedStatuses}
        onChange={props.onFilters}
        onReset={props.onResetFilters}
      />
      {props.controls && (
        <Switch
          size="xs"
          label="Controls"
          checked={props.controls.on}
          onChange={(e) => props.controls?.onToggle(e.currentTarget.checked)}
        />
      )}
      {props.controls?.on && (
        <DateRangePicker
          value={props.range}
          onChange={props.onRange}
          maxDate={props.now}
          unlimited={unlimited}
        />
      )}
      <DownloadMenu report={props.report} />
      {view?.ability.can('view', 'DeviceSetup') && (
        <Button
          component={Link}
          to="/device-setup"
          size="xs"
          variant="default"
          leftSection={<IconRouter size={14} />}
        >
          Device setup
        </Button>
      )}
      {props.onAskScout && (
        <Button
          size="xs"
          variant="light"
          color="violet"
          ml="auto"
          leftSection={<IconSparkles size={14} />}
          onClick={props.onAskScout}
        >
          Ask Scout
        </Button>
      )}
    </Group>
  );
}
