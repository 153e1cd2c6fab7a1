import { REPORT_MESSAGES } from '@waymark/domain';

/** The reports screens' texts: spec 001 §2, §8, spec 000 §8 and spec 002 §8 verbatim, ours where they have none. */
export const REPORT_TEXTS = {
  noReports: REPORT_MESSAGES.noReports,
  noAddresses: REPORT_MESSAGES.noAddresses,
  noAlerts: REPORT_MESSAGES.noAlerts,
  deleteConfirm: REPORT_MESSAGES.deleteConfirm,
  pdfQueued: 'The PDF is being generated and a download link will be emailed.',
  // Spec 000 §8's shared toast texts.
  saved: 'Saved successfully!',
  deleted: 'Successfully deleted!',
  deleteFailed: 'Cannot delete, please try again',
  publicFailed: 'Cannot update, please try again',
  notFound: 'This report does not exist',
  // Ours: the spec shows no text for a public report that fails to load otherwise.
  loadFailed: 'This report could not be loaded',
} as const;

/** The public page's address for a report's uuid (spec 001 §2). */
export function publicReportUrl(uuid: string, origin = window.location.origin): string {
  return `${origin}/reports/view/${encodeURIComponent(uuid)}`;
}

/** The details page of a report. */
export const reportPath = (id: number) => `/reports/${id}`;
export const REPORTS_PATH = '/reports';
