import type { ReactNode } from 'react';
import { Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ApiPosition, ReportEvent, ReportSummary } from '@waymark/domain';
import type { ReportExportType } from '../../api/reports';
import { formatReportMoment, formatReportTime, summaryFigures } from './format';
import { ADDRESS_ROWS_SHOWN, addressRows } from './reportView';
import { REPORT_TEXTS } from './texts';
import type { ReportDownloads } from './useReportDownload';

/** A titled part of the panel, a landmark named by its title. */
function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

function SpreadsheetButton({
  type,
  downloads,
}: {
  type: Exclude<ReportExportType, 'pdf'>;
  downloads: ReportDownloads;
}) {
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} />}
      loading={downloads.running === type}
      onClick={() => downloads.download(type)}
    >
      Download spreadsheet
    </Button>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={60}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/** Report Info: the tracker and the range's ends, with the page's actions (Delete). */
export function ReportInfo(props: {
  tracker: string;
  startAt: string;
  endAt: string;
  actions?: ReactNode;
}) {
  return (
    <Section id="report-info" title="Report Info" action={props.actions}>
      <Field label="Tracker">{props.tracker}</Field>
      <Field label="From">{formatReportMoment(props.startAt)}</Field>
      <Field label="To">{formatReportMoment(props.endAt)}</Field>
    </Section>
  );
}

/** The summary figures: distance, moving and stopped time, stops, max and average speed. */
export function ReportSummaryFigures({ summary }: { summary: ReportSummary }) {
  return (
    <Section id="report-summary" title="Summary">
      <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs">
        {summaryFigures(summary).map((f) => (
          <Stack key={f.label} gap={0} data-testid="report-figure">
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text fw={600}>{f.value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}

/** Addresses: time plus address, the first ADDRESS_ROWS_SHOWN; the spreadsheet has all. */
export function ReportAddresses({
  positions,
  downloads,
}: {
  positions: readonly ApiPosition[];
  downloads: ReportDownloads;
}) {
  const rows = addressRows(positions);
  return (
    <Section
      id="report-addresses"
      title="Addresses"
      action={<SpreadsheetButton type="positions" downloads={downloads} />}
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {REPORT_TEXTS.noAddresses}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing={4} fz="sm" aria-label="Addresses">
            <Table.Tbody>
              {rows.slice(0, ADDRESS_ROWS_SHOWN).map((row) => (
                <Table.Tr key={`${row.timestamp}-${row.address}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {formatReportTime(row.timestamp)}
                  </Table.Td>
                  <Table.Td>{row.address}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > ADDRESS_ROWS_SHOWN && (
        <Text size="xs" c="dimmed">
          The first {ADDRESS_ROWS_SHOWN} of {rows.length} addresses; the spreadsheet has them all.
        </Text>
      )}
    </Section>
  );
}

/** Alerts: time, description and event type of each alert of the range. */
export function ReportAlerts({
  events,
  downloads,
}: {
  events: readonly ReportEvent[];
  downloads: ReportDownloads;
}) {
  return (
    <Section
      id="report-alerts"
      title="Alerts"
      action={<SpreadsheetButton type="events" downloads={downloads} />}
    >
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {REPORT_TEXTS.noAlerts}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing={4} fz="sm" aria-label="Alerts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Event type</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {formatReportTime(e.created_at)}
                  </Table.Td>
                  <Table.Td>{e.description}</Table.Td>
                  <Table.Td>{e.event_type}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
