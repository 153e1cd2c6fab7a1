import type { Page } from '@playwright/test';
import { apiGet, type Session } from './session';

/** A report as GET /api/accounts/{id}/reports answers it (the contract of issue 20). */
export interface ApiReport {
  id: number;
  uuid: string;
  is_public: boolean;
  start_at: string;
  end_at: string;
  device: { id: number; name: string; account_id: number };
}

/** The fields the public call may answer, and nothing more (what the public page shows). */
export const PUBLIC_REPORT_FIELDS = [
  'device',
  'end_at',
  'events',
  'positions',
  'start_at',
  'stops',
  'summary',
  'uuid',
];

/** The reports the session's user sees, newest first. */
export function listReports(page: Page, session: Session) {
  return apiGet<ApiReport[]>(
    page,
    session,
    `/accounts/${session.accountId}/reports?include=device`,
  );
}

/** Deletes a report through the API, for a test's clean-up; a report already gone is fine. */
export async function deleteReport(page: Page, session: Session, id: number) {
  const response = await page.request.delete(`/api/accounts/${session.accountId}/reports/${id}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  if (!response.ok() && response.status() !== 404) {
    throw new Error(`DELETE report ${id}: ${response.status()}`);
  }
}
