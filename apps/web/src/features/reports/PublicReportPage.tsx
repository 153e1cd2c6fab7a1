import { useEffect } from 'react';
import { Box, Center, Loader, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { ERROR_TOAST_TIMEOUT_MS } from '@waymark/domain';
import { usePublicReport } from '../../api/reports';
import { toast } from '../../app/toast';
import { ReportView } from './ReportView';
import { REPORT_TEXTS } from './texts';

/**
 * The public report (/reports/view/{uuid}, spec 001 §2): no login and no shell; the details
 * without Delete and without the back link. A load failure is an error toast that stays 15 s
 * (spec 001 §8).
 */
export function PublicReportPage() {
  const uuid = useParams().uuid ?? '';
  const query = usePublicReport(uuid);
  const report = query.data;
  const failed = query.status === 'error';

  useEffect(() => {
    if (failed) toast.error(REPORT_TEXTS.loadFailed, { timeout: ERROR_TOAST_TIMEOUT_MS });
  }, [failed]);

  if (report) {
    return (
      <ReportView
        report={report}
        reference={{ uuid }}
        fitKey={`public-report-${uuid}`}
        publicPage
      />
    );
  }
  return (
    <Box p="md">
      <Center h={200}>
        {failed ? (
          <Text size="sm" c="dimmed">
            {REPORT_TEXTS.loadFailed}
          </Text>
        ) : (
          <Loader size="sm" aria-label="Loading report" />
        )}
      </Center>
    </Box>
  );
}
