/**
 * The words and numbers of shipments (spec 001 §4, §9), shared by the server's clock and the
 * web app's badges, markers and forms.
 */

/** Statuses as the API sends them, in the order a shipment normally passes through them. */
export const SHIPMENT_STATUSES = [
  'not-started',
  'in-progress',
  'running-late',
  'completed',
  'completed-late',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** What each status reads as on screen (spec 001 §4). */
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  'not-started': 'Not Started',
  'in-progress': 'In Progress',
  'running-late': 'Running Late',
  completed: 'Completed',
  'completed-late': 'Completed Late',
};

/** Ongoing means Not Started, In Progress or Running Late (spec 001 §4). */
export const ONGOING_SHIPMENT_STATUSES = [
  'not-started',
  'in-progress',
  'running-late',
] as const satisfies readonly ShipmentStatus[];

/** True while the shipment shows an estimated end rather than an actual one. */
export function isOngoing(status: ShipmentStatus): boolean {
  return (ONGOING_SHIPMENT_STATUSES as readonly ShipmentStatus[]).includes(status);
}

/** Map marker colour by status (spec 001 §4). */
export const SHIPMENT_MARKER_COLOURS: Record<ShipmentStatus, 'blue' | 'green' | 'gray' | 'red'> = {
  'in-progress': 'blue',
  completed: 'green',
  'not-started': 'gray',
  'running-late': 'red',
  'completed-late': 'red',
};

/** The public page shows a badge only for these (spec 001 §2). */
export const PUBLIC_BADGE_STATUSES = [
  'completed',
  'running-late',
  'completed-late',
] as const satisfies readonly ShipmentStatus[];

/** 'Notification before end': hours before the scheduled end; 0 is 'No notification' (§9). */
export const NOTIFY_AT_OPTIONS = [
  { value: 0, label: 'No notification' },
  { value: 1, label: '1 hour' },
  { value: 2, label: '2 hours' },
  { value: 5, label: '5 hours' },
  { value: 8, label: '8 hours' },
] as const;
export const NOTIFY_AT_HOURS = NOTIFY_AT_OPTIONS.map((o) => o.value);
export const NOTIFY_AT_DEFAULT = 0;

/** Event types a shipment writes to itself and to its tracker's events (spec 001 §3). */
export const SHIPMENT_EVENT_TYPES = [
  'shipment-begin',
  'shipment-end',
  'shipment-late',
  'shipment-notify',
] as const;
export type ShipmentEventType = (typeof SHIPMENT_EVENT_TYPES)[number];

/** The list's default range of start dates: 15 days back through 15 days ahead (§9). */
export const SHIPMENT_LIST_DAYS_BACK = 15;
export const SHIPMENT_LIST_DAYS_AHEAD = 15;

/** The two tabs of the list; bulk delete names the one it deletes from. */
export const SHIPMENT_LIST_KEYS = ['general', 'archived'] as const;
export type ShipmentListKey = (typeof SHIPMENT_LIST_KEYS)[number];

/** SMS terms appended to every text message (spec 001 §9). */
export const SMS_TERMS = 'Reply HELP for help; STOP to opt out';
