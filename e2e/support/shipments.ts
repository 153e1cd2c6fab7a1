import type { Page } from '@playwright/test';
import { apiGet, type Session } from './session';

/** A shipment as GET /api/accounts/{id}/shipments answers it, as far as the tests read it. */
export interface ApiShipment {
  id: number;
  name: string;
  carrier: string | null;
  status: 'not-started' | 'in-progress' | 'running-late' | 'completed' | 'completed-late';
  start_at: string;
  end_at: string;
  estimated_end_at: string | null;
  ended_at: string | null;
  device_id: number;
  device?: { id: number; name: string };
  from_geofence_id: number | null;
  from_geofence?: { id: number; name: string } | null;
  from_address: { name: string; lat: number; lng: number } | null;
  to_geofence_id: number | null;
  to_geofence?: { id: number; name: string } | null;
  to_address: { name: string; lat: number; lng: number } | null;
  notification_emails: string[];
  uuid: string;
  archived_at: string | null;
  events?: { event_at: string; description: string }[];
}

/** The shipments of one tab that the session's user sees, with tracker, places and events. */
export function listShipments(page: Page, session: Session, key: 'general' | 'archived') {
  return apiGet<ApiShipment[]>(
    page,
    session,
    `/accounts/${session.accountId}/shipments?key=${key}&include=device&with_geofences=1`,
  );
}

/** One shipment with everything its details page shows. */
export function getShipment(page: Page, session: Session, id: number) {
  return apiGet<ApiShipment>(
    page,
    session,
    `/accounts/${session.accountId}/shipments/${id}?include=device,events&with_geofences=1`,
  );
}

/** The first shipment in this status, failing loudly when the demo has none. */
export async function demoShipment(
  page: Page,
  session: Session,
  status: ApiShipment['status'],
  key: 'general' | 'archived' = 'general',
): Promise<ApiShipment> {
  const found = (await listShipments(page, session, key)).find((s) => s.status === status);
  if (!found) throw new Error(`The demo has no ${key} shipment in status ${status}`);
  return getShipment(page, session, found.id);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/**
 * Spec 001 §9's shipment date format 'MMMM do h:mmaaa' ('March 5th 3:04pm') in UTC: the
 * shipment specs run their browser in UTC, so the page must read exactly this.
 */
export function shipmentTimeUtc(iso: string): string {
  const d = new Date(iso);
  const hours = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${ordinal(d.getUTCDate())} ${hours % 12 || 12}:${minutes}${
    hours < 12 ? 'am' : 'pm'
  }`;
}
