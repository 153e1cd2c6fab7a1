import { useEffect } from 'react';
import { Box, Center, Loader, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { ERROR_TOAST_TIMEOUT_MS } from '@waymark/domain';
import { usePublicReport } from '../../api/reports';
import { toast } from '../../app/toast';
import { isNotFound } from '../trackers/details/feedback';
import { ReportView } from './ReportView';
import { REPORT_TEXTS } from './texts';

/**
 * The public report (/reports/view/{uuid}, spec 001 §2): no login and no shell; the details
 * without Delete and without the back link. A load failure is an error toast that stays 15 s
 * (spec 001 §8): 'This report does not exist' (spec 000 §8) for a uuid that answers 404.
 */
export function PublicReportPage() {
  const uuid = useParams().uuid ?? '';
  const query = usePublicReport(uuid);
  const report = query.data;
  const failed = query.status === 'error';
  // An unknown uuid, or a report no longer public or deleted, is 404.
  const failure = isNotFound(query.error) ? REPORT_TEXTS.notFound : REPORT_TEXTS.loadFailed;

  useEffect(() => {
    if (failed) toast.error(failure, { timeout: ERROR_TOAST_TIMEOUT_MS });
  }, [failed, failure]);

  if (report) {
    return <ReportView report={report} reference={{ uuid }} fitKey={`public-report-${uuid}`} />;
  }
  return (
    <Box p="md">
      <Center h={200}>
        {failed ? (
          <Text size="sm" c="dimmed">
            {failure}
          </Text>
        ) : (
          <Loader size="sm" aria-label="Loading report" />
        )}
      </Center>
    </Box>
  );
}
