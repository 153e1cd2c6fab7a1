import { Suspense, type ReactNode } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { ApiPublicReport } from '@waymark/domain';
import type { ReportRef } from '../../api/reports';
import { mapFallback } from '../geofences/lazyMaps';
import { PlacesLayout } from '../geofences/PlacesLayout';
import { ReportMap } from './lazyReportMap';
import { ReportAddresses, ReportAlerts, ReportInfo, ReportSummaryFigures } from './ReportSections';
import { useReportDownload } from './useReportDownload';

/** What both report pages show: the public report's fields are the details' too. */
export type ReportContent = Omit<ApiPublicReport, 'uuid'>;

interface ReportViewProps {
  report: ReportContent;
  /** Which report the downloads are of: by id signed in, by uuid on the public page. */
  reference: ReportRef;
  fitKey: string;
  /** The back link to the list (not on the public page). */
  back?: ReactNode;
  /** Report Info's actions: Delete for those who may manage Reports. */
  actions?: ReactNode;
}

/**
 * The report (spec 001 §2): the bar with 'Download PDF', Report Info, the summary, Addresses
 * and Alerts beside the map. A PDF the server queues opens the download confirmation.
 */
export function ReportView({ report, reference, fitKey, back, actions }: ReportViewProps) {
  const downloads = useReportDownload(reference);

  const panel = (
    <Stack gap="md">
      {back}
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3">
          {report.device.name}
        </Title>
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={16} />}
          loading={downloads.running === 'pdf'}
          onClick={() => downloads.download('pdf')}
        >
          Download PDF
        </Button>
      </Group>
      <ReportInfo
        tracker={report.device.name}
        startAt={report.start_at}
        endAt={report.end_at}
        actions={actions}
      />
      <ReportSummaryFigures summary={report.summary} />
      <ReportAddresses positions={report.positions} downloads={downloads} />
      <ReportAlerts events={report.events} downloads={downloads} />
    </Stack>
  );

  return (
    <PlacesLayout
      panel={panel}
      map={
        <Suspense fallback={mapFallback}>
          <ReportMap positions={report.positions} stops={report.stops} fitKey={fitKey} />
        </Suspense>
      }
    />
  );
}
