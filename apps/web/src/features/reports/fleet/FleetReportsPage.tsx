import { useState } from 'react';
import { Box, Button, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { SummaryPeriod } from '@waymark/domain';
import {
  FLEET_PAGE_SIZE,
  useFleetEvents,
  useFleetReport,
  type FleetQuery,
  type FleetReportKind,
} from '../../../api/fleetReports';
import { Can } from '../../../app/session/Can';
import { useCurrentAccount, useSession } from '../../../app/session/useSession';
import { ReportsTabs } from '../ReportsTabs';
import { DistanceChart } from './DistanceChart';
import { FleetFilters } from './FleetFilters';
import { FleetTable } from './FleetTable';
import { ScheduledReports } from './ScheduledReports';
import { eventColumns, stopColumns, summaryColumns, tripColumns } from './fleetColumns';
import { daysSpan } from './fleetFormat';
import { trackerAt } from './trackerAt';
import { useFleetDownload } from './useFleetDownload';

type View = FleetReportKind | 'events';

/**
 * Fleet reports (/reports/fleet, issue 36 §3): trips, stops, the summary and events of the
 * chosen trackers or groups over whole local days of the account, with totals, sortable
 * columns, rows that open the tracker at their time, and the report as CSV, XLSX or PDF.
 */
export function FleetReportsPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const userId = useSession()?.me.id ?? null;
  const navigate = useNavigate();
  const [query, setQuery] = useState<FleetQuery>({ deviceIds: [], groupIds: [] });
  const [period, setPeriod] = useState<SummaryPeriod>('day');
  const [view, setView] = useState<View>('trips');
  const trips = useFleetReport(accountId, 'trips', query);
  const stops = useFleetReport(accountId, 'stops', query);
  const summary = useFleetReport(accountId, 'summary', query, period);
  const meta = trips.data?.meta;
  const zone = meta?.timezone ?? 'UTC';
  const span = meta ? daysSpan(meta.date_from, meta.date_to, zone) : null;
  const events = useFleetEvents(
    accountId,
    query,
    span ? { from: span.start.toISOString(), to: span.end.toISOString() } : null,
  );
  const eventRows = events.data ?? [];
  const download = useFleetDownload(accountId, query, period);
  const open = (deviceId: number, from: string, to: string) =>
    void navigate(trackerAt(deviceId, from, to));

  const current =
    view === 'events' ? events : view === 'trips' ? trips : view === 'stops' ? stops : summary;
  const total =
    view === 'trips'
      ? trips.data?.meta.total
      : view === 'stops'
        ? stops.data?.meta.total
        : view === 'summary'
          ? summary.data?.meta.total
          : undefined;
  const clipped = (total ?? 0) > FLEET_PAGE_SIZE;

  return (
    <Box p={{ base: 'sm', sm: 'md' }} maw={1400} mx="auto">
      <Stack gap="md">
        <Title order={2} size="h3">
          Reports
        </Title>
        <ReportsTabs />
        {accountId !== null && (
          <FleetFilters
            accountId={accountId}
            query={query}
            onChange={setQuery}
            shown={meta ? { dateFrom: meta.date_from, dateTo: meta.date_to, zone } : null}
            period={period}
            onPeriod={setPeriod}
          />
        )}
        {meta && (
          <Text size="sm" c="dimmed">
            Times in {zone}; distances in miles, speeds in mph
          </Text>
        )}
        <Paper withBorder p="md">
          <Tabs value={view} onChange={(v) => v && setView(v as View)}>
            <Group justify="space-between" mb="sm">
              <Tabs.List>
                <Tabs.Tab value="trips">Trips</Tabs.Tab>
                <Tabs.Tab value="stops">Stops</Tabs.Tab>
                <Tabs.Tab value="summary">Summary</Tabs.Tab>
                <Tabs.Tab value="events">Events</Tabs.Tab>
              </Tabs.List>
              {view !== 'events' && (
                <Group gap="xs">
                  {(['csv', 'xlsx', 'pdf'] as const).map((format) => (
                    <Button
                      key={format}
                      size="xs"
                      variant="default"
                      leftSection={<IconDownload size={14} />}
                      loading={download.running === format}
                      onClick={() => download.start(view, format)}
                    >
                      {format.toUpperCase()}
                    </Button>
                  ))}
                </Group>
              )}
            </Group>
            {current.isPending ? (
              <Center py="xl">
                <Loader size="sm" aria-label="Loading report" />
              </Center>
            ) : (
              <>
                <Tabs.Panel value="trips">
                  <FleetTable
                    label="Trips"
                    columns={tripColumns(zone, trips.data?.totals)}
                    rows={trips.data?.data ?? []}
                    rowKey={(t, i) => `${t.id ?? 'ongoing'}-${t.device_id}-${i}`}
                    onOpen={(t) => open(t.device_id, t.start.time, t.end.time)}
                    empty="No trips in this range"
                  />
                </Tabs.Panel>
                <Tabs.Panel value="stops">
                  <FleetTable
                    label="Stops"
                    columns={stopColumns(zone, stops.data?.totals)}
                    rows={stops.data?.data ?? []}
                    rowKey={(s, i) => `${s.id ?? 'ongoing'}-${s.device_id}-${i}`}
                    onOpen={(s) => open(s.device_id, s.start_time, s.end_time)}
                    empty="No stops in this range"
                  />
                </Tabs.Panel>
                <Tabs.Panel value="summary">
                  <Stack gap="md">
                    <DistanceChart rows={summary.data?.data ?? []} />
                    <FleetTable
                      label="Summary"
                      columns={summaryColumns(summary.data?.totals)}
                      rows={summary.data?.data ?? []}
                      rowKey={(r) => `${r.device_id}-${r.period_start}`}
                      onOpen={(r) =>
                        open(
                          r.device_id,
                          r.first_fix ??
                            daysSpan(r.period_start, r.period_start, zone).start.toISOString(),
                          r.last_fix ??
                            daysSpan(r.period_start, r.period_start, zone).end.toISOString(),
                        )
                      }
                      empty="No driving in this range"
                    />
                  </Stack>
                </Tabs.Panel>
                <Tabs.Panel value="events">
                  <FleetTable
                    label="Events"
                    columns={eventColumns(zone, eventRows.length)}
                    rows={eventRows}
                    rowKey={(e) => String(e.id)}
                    onOpen={(e) => open(e.device_id, e.created_at, e.created_at)}
                    empty="No events in this range"
                  />
                </Tabs.Panel>
              </>
            )}
            {clipped && (
              <Text size="sm" c="dimmed" mt="sm">
                The first {FLEET_PAGE_SIZE} rows are shown; the totals and the downloads cover the
                whole range.
              </Text>
            )}
          </Tabs>
        </Paper>
        {accountId !== null && userId !== null && (
          <Can I="manage" a="Reports">
            <ScheduledReports accountId={accountId} userId={userId} query={query} />
          </Can>
        )}
      </Stack>
    </Box>
  );
}
