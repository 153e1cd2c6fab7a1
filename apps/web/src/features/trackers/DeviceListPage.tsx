import { lazy, useCallback, useMemo, useState } from 'react';
import { Box, Button, Center, Group, Loader, Paper, Tabs, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconMapPinOff } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  countFleetStatuses,
  hasFleetStatus,
  sortTrackers,
  type FleetStatus,
} from '@waymark/domain';
import { useDeviceList } from '../../api/devices';
import { withLive } from '../../api/livePositions';
import { useAccountPositions } from '../../api/realtime';
import { session } from '../../api/session';
import { useCloseShortcut } from '../../app/shell/keyboardShortcuts';
import { useSession } from '../../app/session/useSession';
import { EmptyState } from '../../components/EmptyState';
import type { DateRange } from '../../components/dateRange';
import { GroupsTab } from '../groups/GroupsTab';
import { ScoutBridgeContext, useScoutBridgeStore } from '../scout/scoutBridge';
import { ScoutColumn } from '../scout/ScoutColumn';
import {
  filterTrackers,
  nextPaging,
  pageOf,
  SCOUT_RESET_TEXT,
  type Paging,
  type TrackerFilters,
} from './list/filters';
import { ListToolbar } from './list/ListToolbar';
import { AUTO_REFRESH_MS, DEFAULT_RANGE_DAYS, STORAGE_KEYS } from './list/preferences';
import { MapSlot, ScreenColumns, useOneColumn, type ScreenColumn } from './list/ScreenColumns';
import { SearchBox } from './list/SearchBox';
import { TrackerList } from './list/TrackerList';
import { SortControl } from './list/SortControl';
import { StatusChips } from './list/StatusChips';
import { useLiveNow } from './list/useLiveNow';
import { useTrackerSort } from './list/useTrackerSort';
import { useTrackerFilters } from './list/useTrackerFilters';
import { useTrackerSelectionStore } from './list/selection';
import { useTrackersSettled } from './list/useTrackersSettled';

// MapLibre is most of this screen's weight: it loads after the list, never with the login page.
const SelectionMap = lazy(() =>
  import('./list/SelectionMap').then((m) => ({ default: m.SelectionMap })),
);

/**
 * DeviceListView (/trackers), where login lands (spec 000 §2.3): the list of trackers with
 * search, tabs, filters and paging on the left, the map in the centre, and Scout's chat on the
 * right for users who may use AI (open by default; spec 001 §2).
 */
export function DeviceListPage() {
  const view = useSession();
  const accountId = view?.account?.id ?? null;
  const features = view?.features;
  const navigate = useNavigate();
  const now = useLiveNow();
  const mobile = useOneColumn();

  const [autoRefresh, setAutoRefresh] = useLocalStorage({
    key: STORAGE_KEYS.autoRefresh,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const [controlsOn, setControlsOn] = useLocalStorage({
    key: STORAGE_KEYS.controls,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const list = useDeviceList(accountId, autoRefresh ? AUTO_REFRESH_MS : false);
  useAccountPositions(accountId);

  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const { filters, applied, update, reset, allowed } = useTrackerFilters(
    features?.canSeeCancelledDevices ?? false,
  );
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 25 });
  const [sort, setSort] = useTrackerSort();
  const [chip, setChip] = useState<FleetStatus | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const selection = useTrackerSelectionStore();
  // Esc closes the tracker's card on the map.
  useCloseShortcut(useCallback(() => selection.set(null), [selection]));
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [mobileColumn, setMobileColumn] = useState<ScreenColumn>('left');
  const canUseAi = view?.ability.can('use', 'Ai') ?? false;
  const [scoutOpen, setScoutOpen] = useState(true);
  const [tab, setTab] = useState<string | null>('all');
  const [range, setRange] = useState<DateRange>(() => ({
    start: new Date(Date.now() - DEFAULT_RANGE_DAYS * 86_400_000),
    end: new Date(),
  }));

  // Live positions join the list (and so its filters, search, chips and sort) when it is
  // fetched and with the clock, which moves on when positions arrive (at most once a second)
  // and each minute. `now` is there to read the live store again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const devices = useMemo(() => withLive(list.data ?? []), [list.data, now]);
  const filtered = useMemo(
    () => filterTrackers(devices, applied, search, now),
    [devices, applied, search, now],
  );
  // The chips count what the search and filters leave, by the rule a chip filters with.
  const counts = useMemo(() => countFleetStatuses(filtered, now), [filtered, now]);
  const shown = useMemo(
    () => (chip ? filtered.filter((d) => hasFleetStatus(d, chip, now)) : filtered),
    [filtered, chip, now],
  );
  const sorted = useMemo(() => sortTrackers(shown, sort, now), [shown, sort, now]);
  const { rows, page } = pageOf(sorted, paging);
  useTrackersSettled(list.isSuccess, shown.length);
  // Built only when its inputs change: not a 100,000-id array on every render (a selection).
  const report = useMemo(
    () => ({
      accountId: accountId ?? 0,
      from: range.start,
      to: range.end,
      deviceIds: checked.size > 0 ? [...checked] : shown.map((d) => d.id),
    }),
    [accountId, range, checked, shown],
  );

  const onSearch = useCallback(
    (text: string) => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (text.trim()) next.set('search', text.trim());
          else next.delete('search');
          return next;
        },
        { replace: true },
      );
      setPaging((p) => nextPaging(p, { type: 'search' }));
    },
    [setSearchParams],
  );
  const onFilters = useCallback(
    (change: Partial<TrackerFilters>) => {
      update(change);
      setPaging((p) => nextPaging(p, { type: 'filters' }));
    },
    [update],
  );
  // Scout's action buttons (spec 001 §8): its filter narrows this list; map actions show the
  // map on phones.
  const scout = useScoutBridgeStore({
    onFilter: (ids) => {
      onFilters({ ids });
      setTab('all');
      if (mobile) setMobileColumn('left');
    },
    onMapAction: () => {
      if (mobile) setMobileColumn('center');
    },
  });
  const askScout = useCallback(() => {
    setScoutOpen(true);
    if (mobile) setMobileColumn('right');
  }, [mobile]);
  const onCheck = useCallback((id: number, on: boolean) => {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const onOpen = useCallback((id: number) => navigate(`/trackers/${id}`), [navigate]);
  const onShowOnMap = useCallback(
    (id: number) => {
      selection.set(id);
      if (mobile) setMobileColumn('center');
    },
    [mobile, selection],
  );

  const isEmpty = list.isSuccess && devices.length === 0;
  const isB2B = features?.isB2B ?? false;
  const controlsAvailable = features?.controlsAvailable ?? false;

  const listColumn = (
    <Paper
      component="section"
      aria-label="Trackers"
      radius={0}
      style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <Box p="sm" pb={6}>
        <SearchBox value={search} onSearch={onSearch} shortcut />
      </Box>
      <Tabs
        value={tab}
        onChange={setTab}
        style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        <Tabs.List px="sm">
          <Tabs.Tab value="all">All Trackers</Tabs.Tab>
          {isB2B && <Tabs.Tab value="groups">Groups</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel
          value="all"
          style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
        >
          {filters.ids && (
            <Group px="sm" py={4} gap="xs" justify="space-between" bg="violet.0">
              <Text size="sm">Scout is showing {filters.ids.length} trackers.</Text>
              <Button size="xs" variant="light" onClick={() => onFilters({ ids: null })}>
                {SCOUT_RESET_TEXT}
              </Button>
            </Group>
          )}
          {list.isSuccess && !isEmpty && (
            <StatusChips
              counts={counts}
              value={chip}
              onChange={(status) => {
                setChip(status);
                setPaging((p) => nextPaging(p, { type: 'filters' }));
              }}
            />
          )}
          {list.isPending ? (
            <Center py="xl">
              <Loader size="sm" aria-label="Loading trackers" />
            </Center>
          ) : isEmpty ? (
            <EmptyState
              title="There are no trackers"
              text="Your trackers list is empty"
              icon={<IconMapPinOff size={26} />}
            />
          ) : (
            <TrackerList
              rows={rows}
              total={shown.length}
              now={now}
              toolbar={<SortControl sort={sort} onSort={setSort} />}
              page={page}
              pageSize={paging.pageSize}
              selected={checked}
              canOpenCancelled={isB2B}
              onPage={(p) => setPaging((current) => nextPaging(current, { type: 'page', page: p }))}
              onPageSize={(size) =>
                setPaging((current) => nextPaging(current, { type: 'pageSize', pageSize: size }))
              }
              onSelectAll={(on) => setChecked(on ? new Set(shown.map((d) => d.id)) : new Set())}
              onCheck={onCheck}
              onOpen={onOpen}
              onShowOnMap={onShowOnMap}
            />
          )}
        </Tabs.Panel>
        {isB2B && (
          <Tabs.Panel
            value="groups"
            style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
          >
            <GroupsTab
              accountId={accountId}
              active={tab === 'groups'}
              search={search}
              trackers={devices}
            />
          </Tabs.Panel>
        )}
      </Tabs>
    </Paper>
  );

  const mapColumn = (
    <>
      <ListToolbar
        showSidebarToggle={!mobile}
        sidebarOpen={sidebarOpen}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
        refreshing={list.isFetching}
        onRefresh={() => void list.refetch()}
        autoRefresh={autoRefresh}
        onAutoRefresh={setAutoRefresh}
        filters={filters}
        allowedStatuses={allowed}
        onFilters={onFilters}
        onResetFilters={() => {
          reset();
          setPaging((p) => nextPaging(p, { type: 'filters' }));
        }}
        controls={controlsAvailable ? { on: controlsOn, onToggle: setControlsOn } : null}
        range={range}
        now={now}
        onRange={setRange}
        report={report}
        // Shown while it would open something: the closed column, or the chat on a phone.
        onAskScout={canUseAi && (mobile || !scoutOpen) ? askScout : null}
      />
      <MapSlot>
        <SelectionMap trackers={shown} selection={selection} />
      </MapSlot>
    </>
  );

  // A new account, user or impersonation starts a fresh chat (spec 001 §4).
  const scoutKey = `${accountId ?? ''}:${view?.me.id ?? ''}:${session.imitationToken() ?? ''}`;
  const scoutColumn = canUseAi ? (
    <ScoutColumn
      key={scoutKey}
      onClose={
        mobile
          ? null
          : () => {
              setScoutOpen(false);
            }
      }
    />
  ) : undefined;

  return (
    <ScoutBridgeContext.Provider value={scout}>
      <ScreenColumns
        oneColumn={mobile}
        column={mobileColumn}
        onColumn={setMobileColumn}
        showLeft={sidebarOpen}
        left={listColumn}
        center={mapColumn}
        right={scoutColumn}
        showRight={scoutOpen}
      />
    </ScoutBridgeContext.Provider>
  );
}
