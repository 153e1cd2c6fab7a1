import { expect, type Page } from '@playwright/test';
import type { Session } from './session';

/** A fleet report as GET /api/accounts/{id}/trips, /stops or /summary answers it. */
export interface FleetReport<T> {
  data: T[];
  meta: { total: number; date_from: string; date_to: string; timezone: string };
  totals: { rows: number; distance: number };
}

/** GET a fleet report with the session's token: the whole answer, totals included. */
export async function fleetReport<T>(
  page: Page,
  session: Session,
  path: string,
): Promise<FleetReport<T>> {
  const response = await page.request.get(`/api/accounts/${session.accountId}${path}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as FleetReport<T>;
}

/** Miles as the screens write them: about three significant digits, en-US ('22.8 mi'). */
export function screenMiles(metres: number) {
  const value = metres / 1609.344;
  const decimals = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals }).format(value)} mi`;
}
