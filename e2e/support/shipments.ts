import type { Page } from '@playwright/test';
import { apiGet, apiPost, uniqueName, type Session } from './session';

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
  path?: unknown[];
  current_position?: unknown;
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
    `/accounts/${session.accountId}/shipments/${id}?include=device,events&with_geofences=1&with_path=1&with_current_position=1`,
  );
}

/**
 * The first demo shipment in this status, from the General tab or else the Archived one (the
 * demo archives its oldest Completed one), failing loudly when the demo has none.
 */
export async function demoShipment(
  page: Page,
  session: Session,
  status: ApiShipment['status'],
): Promise<ApiShipment> {
  const all = [
    ...(await listShipments(page, session, 'general')),
    ...(await listShipments(page, session, 'archived')),
  ];
  // A seeded one between two geofences first: the live demo shipment, which drives between
  // addresses, completes during a long run and would otherwise come first.
  const found =
    all.find((s) => s.status === status && s.from_geofence_id && s.to_geofence_id) ??
    all.find((s) => s.status === status);
  if (!found) {
    const seen = all.map((s) => `${s.name}: ${s.status}`).join('; ');
    throw new Error(`The demo has no shipment in status ${status} (it has ${seen})`);
  }
  return getShipment(page, session, found.id);
}

const DAY = 86_400_000;

/** Makes a shipment through the API, between the account's first two geofences. */
export async function createShipment(
  page: Page,
  session: Session,
  fields: Record<string, unknown> & { start_at: Date; end_at: Date },
): Promise<ApiShipment> {
  const [some] = await listShipments(page, session, 'general');
  const geofences = await apiGet<{ id: number }[]>(
    page,
    session,
    `/accounts/${session.accountId}/geofences`,
  );
  return apiPost<ApiShipment>(page, session, `/accounts/${session.accountId}/shipments`, {
    name: uniqueName('E2E shipment'),
    carrier: 'E2E Freight',
    device_id: some!.device_id,
    from_geofence_id: geofences[0]!.id,
    to_geofence_id: geofences[1]!.id,
    notify_at: 0,
    notification_emails: [],
    notification_phone_numbers: [],
    ...fields,
  });
}

export async function deleteShipment(page: Page, session: Session, id: number) {
  await page.request.delete(`/api/accounts/${session.accountId}/shipments/${id}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
}

/**
 * A finished shipment in this status: the demo's when it has one (how many its trackers'
 * history yields varies from run to run), else one made now and ended by hand (End: Completed
 * before the scheduled end, Completed Late after it). `cleanup` deletes what was made.
 */
export async function finishedShipment(
  page: Page,
  session: Session,
  status: 'completed' | 'completed-late',
): Promise<{ shipment: ApiShipment; cleanup: () => Promise<void> }> {
  try {
    return { shipment: await demoShipment(page, session, status), cleanup: async () => {} };
  } catch {
    const now = Date.now();
    const made = await createShipment(page, session, {
      start_at: new Date(now - 2 * 60_000),
      end_at: new Date(status === 'completed' ? now + DAY : now - 60_000),
    });
    await apiPost(
      page,
      session,
      `/accounts/${session.accountId}/shipments/${made.id}/finished`,
      {},
    );
    return {
      shipment: await getShipment(page, session, made.id),
      cleanup: () => deleteShipment(page, session, made.id),
    };
  }
}

/** Month names, as the app's dates and its date pickers' day buttons write them. */
export const MONTHS = [
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
