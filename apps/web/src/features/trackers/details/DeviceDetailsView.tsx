import { useCallback, useState } from 'react';
import {
  Accordion,
  Alert,
  Anchor,
  Box,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ApiPosition, ApiStop } from '@waymark/domain';
import { NO_HISTORY } from '../../../api/historyColumns';
import {
  deviceDetailsKeys,
  useDevice,
  useDeviceMeta,
  useDevicePositions,
  useFilteredCount,
  useFilteredFixes,
  useDeviceStops,
} from '../../../api/deviceDetails';
import { useSession } from '../../../app/session/useSession';
import { GENERIC_ERROR } from '../../../app/toast';
import { NotFoundPage } from '../../errors/NotFoundPage';
import { AccessPanel } from './AccessPanel';
import type { BackLink } from './backLink';
import { CommandsPanel } from './CommandsPanel';
import { useAccountPositions } from '../../../api/realtime';
import { DetailsMap } from './DetailsMap';
import { FilteredFixesNotice } from './FilteredFixesNotice';
import { DetailsTopBar } from './DetailsTopBar';
import { EventsPanel } from './EventsPanel';
import { failureMessage, isNotFound } from './feedback';
import { InfoPanel } from './InfoPanel';
import { NotesPanel } from './NotesPanel';
import { SlaPanel } from './SlaPanel';
import { SubscriptionPanel } from './SubscriptionPanel';
import { useAutoRefresh, useDetailsRange } from './useDetailsRange';
import { fixNotice, useDetailsNotices } from './useDetailsNotices';
import { ReplayOnMap } from './replay/ReplayOnMap';
import { ReplayPanel } from './replay/ReplayPanel';
import { useHistoryReplay } from './replay/useHistoryReplay';
import { useRangeTrips } from './replay/useRangeTrips';

interface DeviceDetailsViewProps {
  accountId: number;
  deviceId: number;
  back: BackLink;
}

/** Stable empties, so the map's layers do not redraw on every render before data arrives. */
const NO_POSITIONS: ApiPosition[] = [];
const NO_STOPS: ApiStop[] = [];

const failure = (q: { isError: boolean; error: unknown; errorUpdatedAt: number }) =>
  q.isError ? { error: q.error, at: q.errorUpdatedAt } : null;

/** The tracker details screen (spec 000 §2.5): top bar, collapsible panels and the map. */
export function DeviceDetailsView({ accountId, deviceId, back }: DeviceDetailsViewProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const canUpdate = session?.ability.can('update', 'Devices') ?? false;
  const canManageUsers = session?.ability.can('manage', 'Users') ?? false;
  const customAllowed = session?.features?.customCommandsAvailable ?? false;

  const period = useDetailsRange();
  const device = useDevice(accountId, deviceId);
  // The marker and its popup follow the tracker's live positions, like on the list.
  useAccountPositions(accountId);
  // The rest waits for the tracker, so a missing one shows NotFoundView and nothing else.
  const found = device.data !== undefined;
  const meta = useDeviceMeta(accountId, deviceId, found);
  const history = found ? period.history : null;
  // Except the history, the slowest call (86,400 fixes for 10 days at 10 s): asked for beside
  // the tracker, not after it. For a missing tracker both answer 404 and only the view says so.
  const positions = useDevicePositions(accountId, deviceId, period.history);
  const stops = useDeviceStops(accountId, deviceId, history);
  const filteredCount = useFilteredCount(accountId, deviceId, history);
  const [showFiltered, setShowFiltered] = useState(false);
  const filtered = useFilteredFixes(accountId, deviceId, history, showFiltered);
  const rangeLoading = positions.isFetching || stops.isFetching;
  const { timeline, range: replayRange, replay } = useHistoryReplay(positions.data ?? NO_HISTORY);
  const rangeTrips = useRangeTrips(accountId, deviceId, history);
  const hasHistory = timeline.times.length > 0;

  const { refresh: refreshRange } = period;
  const refresh = useCallback(() => {
    refreshRange();
    // The device key prefixes meta and events; history follows the refreshed range.
    void queryClient.invalidateQueries({
      queryKey: deviceDetailsKeys.device(accountId, deviceId),
      exact: true,
    });
    void queryClient.invalidateQueries({ queryKey: deviceDetailsKeys.meta(accountId, deviceId) });
    void queryClient.invalidateQueries({
      queryKey: deviceDetailsKeys.events(accountId, deviceId),
    });
    void queryClient.invalidateQueries({ queryKey: deviceDetailsKeys.messages(deviceId) });
  }, [refreshRange, queryClient, accountId, deviceId]);
  useAutoRefresh(period.autoRefresh && !rangeLoading, refresh);
  useDetailsNotices(device.data, found ? failure(positions) : null, failure(stops));

  if (device.isPending) {
    return (
      <Box py="xl" ta="center" w="100%">
        <Loader />
      </Box>
    );
  }
  if (isNotFound(device.error)) return <NotFoundPage />;
  if (!device.data) {
    return (
      <Alert color="red" m="md">
        {failureMessage(device.error, GENERIC_ERROR) ?? GENERIC_ERROR}
      </Alert>
    );
  }

  const tracker = device.data;
  const { model } = tracker;
  const notice = fixNotice(tracker.current_position?.fix);
  const panels = [
    { value: 'info', label: 'Info', content: <InfoPanel device={tracker} canUpdate={canUpdate} /> },
    ...(model.has_temperature || model.has_humidity
      ? [
          {
            value: 'sla',
            label: 'Temperature and Humidity SLAs',
            content: (
              <SlaPanel
                accountId={accountId}
                deviceId={deviceId}
                hasTemperature={model.has_temperature}
                hasHumidity={model.has_humidity}
                canUpdate={canUpdate}
              />
            ),
          },
        ]
      : []),
    {
      value: 'notes',
      label: 'Notes',
      content: meta.data ? (
        <NotesPanel
          accountId={accountId}
          deviceId={deviceId}
          note={meta.data.note}
          canUpdate={canUpdate}
        />
      ) : (
        <Loader size="sm" />
      ),
    },
    {
      value: 'subscription',
      label: 'Subscription',
      content: <SubscriptionPanel subscription={tracker.subscription} />,
    },
    {
      value: 'commands',
      label: 'Commands',
      content: (
        <CommandsPanel deviceId={deviceId} canSend={canUpdate} customAllowed={customAllowed} />
      ),
    },
    {
      value: 'events',
      label: 'Events',
      content: <EventsPanel accountId={accountId} deviceId={deviceId} />,
    },
    ...(canManageUsers
      ? [
          {
            value: 'access',
            label: 'Access',
            content: meta.data ? (
              <AccessPanel accountId={accountId} deviceId={deviceId} users={meta.data.users} />
            ) : (
              <Loader size="sm" />
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="sm" p="md" w="100%">
      <Anchor component={Link} to={back.to} size="sm" w="fit-content">
        <Group gap={2} component="span">
          <IconChevronLeft size={16} />
          {back.label}
        </Group>
      </Anchor>
      <Title order={2} size="h3">
        {tracker.name}
      </Title>
      <DetailsTopBar
        accountId={accountId}
        deviceId={deviceId}
        trackerName={tracker.name}
        range={period.range}
        maxDate={period.maxDate}
        onRange={period.choose}
        onRefresh={refresh}
        refreshing={device.isFetching || rangeLoading}
        autoRefresh={period.autoRefresh}
        onAutoRefresh={period.setAutoRefresh}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Accordion multiple defaultValue={['info', 'notes']} variant="separated">
            {panels.map((panel) => (
              <Accordion.Item key={panel.value} value={panel.value}>
                <Accordion.Control>{panel.label}</Accordion.Control>
                <Accordion.Panel>{panel.content}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xs">
            {notice && (
              <Text size="sm" c="dimmed" role="status">
                {notice}
              </Text>
            )}
            <FilteredFixesNotice
              count={filteredCount.data?.filtered ?? 0}
              shown={showFiltered}
              onShown={setShowFiltered}
            />
            <DetailsMap
              tracker={tracker}
              history={positions.data ?? NO_HISTORY}
              filtered={showFiltered ? (filtered.data ?? NO_POSITIONS) : NO_POSITIONS}
              stops={stops.data ?? NO_STOPS}
              rangeChoice={period.historyChoice}
              rangeLoaded={positions.isSuccess && !positions.isPlaceholderData}
            >
              {hasHistory && <ReplayOnMap clock={replay.clock} timeline={timeline} />}
            </DetailsMap>
            {hasHistory && (
              <ReplayPanel
                replay={replay}
                timeline={timeline}
                range={replayRange}
                trips={rangeTrips.trips}
                tripsLoading={rangeTrips.loading}
              />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
