import { useState } from 'react';
import { ApiError } from '../../api/client';
import { downloadReport, type ReportExportType, type ReportRef } from '../../api/reports';
import { confirmDownloadStarted } from '../../app/modals/downloadConfirmation';
import { GENERIC_ERROR, toast } from '../../app/toast';
import { failureMessage } from '../trackers/details/feedback';
import { REPORT_TEXTS } from './texts';

/**
 * The report's downloads: which one is running; a PDF the server queued (202) opens the
 * download confirmation, which says a link will be e-mailed (spec 002 §8).
 */
export function useReportDownload(ref: ReportRef) {
  const [running, setRunning] = useState<ReportExportType | null>(null);

  const download = (type: ReportExportType) => {
    setRunning(type);
    downloadReport(ref, type)
      .then((outcome) => {
        if (outcome === 'queued') {
          confirmDownloadStarted(REPORT_TEXTS.pdfQueued, 'Download PDF');
        }
      })
      .catch((error: unknown) => {
        // The call asks for no global reaction, so a 403 or 5xx is told here too.
        if (error instanceof ApiError && error.aborted) return;
        toast.error(failureMessage(error, GENERIC_ERROR) ?? GENERIC_ERROR);
      })
      .finally(() => setRunning(null));
  };

  return { running, download };
}

export type ReportDownloads = ReturnType<typeof useReportDownload>;
