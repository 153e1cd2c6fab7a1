import { lazy, useCallback, useMemo, useState } from 'react';
import { Box, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { IconPackageOff, IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { SHIPMENT_STATUSES, type ShipmentListKey, type ShipmentStatus } from '@waymark/domain';
import { ApiError } from '../../api/client';
import {
  defaultShipmentWindow,
  downloadShipments,
  useShipments,
  type ShipmentListFilter,
} from '../../api/shipments';
import { useAbility, useCurrentAccount } from '../../app/session/useSession';
import { toast } from '../../app/toast';
import { EmptyState } from '../../components/EmptyState';
import type { DateRange } from '../../components/dateRange';
import { AUTO_REFRESH_MS, FILTER_DEBOUNCE_MS } from '../trackers/list/preferences';
import {
  MapSlot,
  ScreenColumns,
  useOneColumn,
  type ScreenColumn,
} from '../trackers/list/ScreenColumns';
import { SearchBox } from '../trackers/list/SearchBox';
import { BulkActions } from './list/BulkActions';
import { ShipmentListBar } from './list/ShipmentListBar';
import { ShipmentListTabs } from './list/ShipmentListTabs';
import { ShipmentRows } from './list/ShipmentRows';
import {
  downloadErrorText,
  EMPTY_TEXT,
  keepListed,
  statusesToRequest,
  toMapShipments,
} from './list/shipmentList';

// MapLibre is most of this screen's weight: it loads after the list.
const ShipmentsMap = lazy(() =>
  import('./list/ShipmentsMap').then((m) => ({ default: m.ShipmentsMap })),
);

const AUTO_REFRESH_KEY = 'waymark.shipments.autoRefresh';
const NO_ROWS: never[] = [];

const tabOf = (pathname: string): ShipmentListKey =>
  pathname.startsWith('/archived-shipments') ? 'archived' : 'general';

/**
 * ShipmentListView (/shipments) and ShipmentArchivedListView (/archived-shipments), spec 001
 * §2: the tab follows the route. Search, tabs, the bar and the rows on the left, the map of the
 * listed shipments in the centre; one of the two at a time on a phone.
 */
export function ShipmentListPage() {
  const tab = tabOf(useLocation().pathname);
  const accountId = useCurrentAccount()?.id ?? null;
  const canManage = useAbility()?.can('manage', 'Shipments') ?? false;
  const mobile = useOneColumn();
  const [column, setColumn] = useState<ScreenColumn>('left');

  const [search, setSearch] = useState('');
  const [range, setRange] = useState<DateRange>(() => {
    const { from, to } = defaultShipmentWindow(new Date());
    return { start: from, end: to };
  });
  const [ticked, setTicked] = useState<ShipmentStatus[]>([...SHIPMENT_STATUSES]);
  const [debouncedTicked] = useDebouncedValue(ticked, FILTER_DEBOUNCE_MS);
  const [autoRefresh, setAutoRefresh] = useLocalStorage({
    key: AUTO_REFRESH_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });

  const statuses = useMemo(() => statusesToRequest(debouncedTicked), [debouncedTicked]);
  const filter = useMemo<ShipmentListFilter>(
    () => ({ key: tab, from: range.start, to: range.end, statuses: statuses ?? [], search }),
    [tab, range, statuses, search],
  );
  // No status ticked: nothing can match, so nothing is asked.
  const list = useShipments(
    statuses === null ? null : accountId,
    filter,
    autoRefresh ? AUTO_REFRESH_MS : false,
  );
  const rows = statuses === null ? NO_ROWS : (list.data ?? NO_ROWS);
  const settled = statuses === null || (list.isSuccess && !list.isPlaceholderData);
  const onMap = useMemo(() => (settled ? toMapShipments(rows) : []), [settled, rows]);

  // The selection belongs to one tab and names listed rows only.
  const [picked, setPicked] = useState<{ tab: ShipmentListKey; ids: ReadonlySet<number> }>({
    tab,
    ids: new Set(),
  });
  const selected = useMemo(
    () => (picked.tab === tab ? keepListed(picked.ids, rows) : new Set<number>()),
    [picked, tab, rows],
  );
  const onSelect = useCallback((ids: ReadonlySet<number>) => setPicked({ tab, ids }), [tab]);

  const download = useCallback(async () => {
    if (accountId === null) return;
    try {
      await downloadShipments(accountId, filter);
    } catch (error) {
      toast.error(downloadErrorText(error instanceof ApiError ? error.status : null));
    }
  }, [accountId, filter]);

  const body =
    statuses !== null && list.isPending ? (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading shipments" />
      </Center>
    ) : rows.length === 0 ? (
      <EmptyState
        title={EMPTY_TEXT[tab]}
        text="Shipments whose start date falls in the range, status and search chosen are listed here"
        icon={<IconPackageOff size={26} />}
      />
    ) : (
      <ShipmentRows
        rows={rows}
        selected={selected}
        onSelect={canManage ? onSelect : null}
        actions={
          canManage &&
          accountId !== null && (
            <BulkActions
              accountId={accountId}
              tab={tab}
              ids={[...selected]}
              onDone={() => onSelect(new Set())}
            />
          )
        }
      />
    );

  const listColumn = (
    <Paper
      component="section"
      aria-label="Shipments"
      radius={0}
      style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <Stack gap="xs" p="sm" pb={6}>
        <Group gap="xs" wrap="nowrap">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <SearchBox
              value={search}
              onSearch={setSearch}
              placeholder="Search Shipments..."
              shortcut
            />
          </Box>
          {canManage && (
            <Button
              component={Link}
              to="/shipments/create"
              size="xs"
              leftSection={<IconPlus size={14} />}
            >
              New Shipment
            </Button>
          )}
        </Group>
        <ShipmentListBar
          refreshing={list.isFetching}
          onRefresh={() => void list.refetch()}
          autoRefresh={autoRefresh}
          onAutoRefresh={setAutoRefresh}
          range={range}
          onRange={setRange}
          statuses={ticked}
          onStatuses={setTicked}
          onDownload={download}
        />
        <ShipmentListTabs active={tab} />
      </Stack>
      {body}
    </Paper>
  );

  const fitKey = `shipments-${accountId ?? ''}-${tab}-${+range.start}-${+range.end}-${statuses?.join(',') ?? 'none'}-${search}`;
  const mapColumn = (
    <MapSlot>
      <ShipmentsMap shipments={onMap} fitKey={fitKey} />
    </MapSlot>
  );

  return (
    <ScreenColumns
      oneColumn={mobile}
      column={column}
      onColumn={setColumn}
      showLeft
      left={listColumn}
      center={mapColumn}
    />
  );
}
