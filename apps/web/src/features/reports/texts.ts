import { REPORT_MESSAGES } from '@waymark/domain';

/** The reports screens' texts: spec 001 §2, §8 and spec 002 §8 verbatim, ours where it has none. */
export const REPORT_TEXTS = {
  noReports: REPORT_MESSAGES.noReports,
  noAddresses: REPORT_MESSAGES.noAddresses,
  noAlerts: REPORT_MESSAGES.noAlerts,
  deleteConfirm: REPORT_MESSAGES.deleteConfirm,
  pdfQueued: 'The PDF is being generated and a download link will be emailed.',
  // Ours: the spec shows no text for these.
  saved: 'Report saved',
  deleted: 'Report deleted',
  publicFailed: 'The report could not be updated',
  loadFailed: 'This report could not be loaded',
} as const;

/** The public page's address for a report's uuid (spec 001 §2). */
export function publicReportUrl(uuid: string, origin = window.location.origin): string {
  return `${origin}/reports/view/${encodeURIComponent(uuid)}`;
}

/** The details page of a report. */
export const reportPath = (id: number) => `/reports/${id}`;
export const REPORTS_PATH = '/reports';
