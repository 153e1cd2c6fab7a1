import { useState } from 'react';
import type { SummaryPeriod } from '@waymark/domain';
import { ApiError } from '../../../api/client';
import {
  downloadFleetReport,
  type FleetFileFormat,
  type FleetQuery,
  type FleetReportKind,
} from '../../../api/fleetReports';
import { GENERIC_ERROR, toast } from '../../../app/toast';
import { failureMessage } from '../../trackers/details/feedback';

/** The report's downloads: which one is running; a failure is told with the one toast. */
export function useFleetDownload(
  accountId: number | null,
  query: FleetQuery,
  period: SummaryPeriod,
) {
  const [running, setRunning] = useState<FleetFileFormat | null>(null);
  const start = (kind: FleetReportKind, format: FleetFileFormat) => {
    if (accountId === null) return;
    setRunning(format);
    downloadFleetReport(accountId, kind, query, format, kind === 'summary' ? period : undefined)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.aborted) return;
        toast.error(failureMessage(error, GENERIC_ERROR) ?? GENERIC_ERROR);
      })
      .finally(() => setRunning(null));
  };
  return { running, start };
}
