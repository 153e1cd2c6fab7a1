/** Where a shipment screen was opened from, carried in the router's location state. */
export type ShipmentOrigin = 'list' | 'details';

export const SHIPMENTS_PATH = '/shipments';
export const SHIPMENT_CREATE_PATH = '/shipments/create';
export const shipmentDetailsPath = (id: number) => `/shipments/${id}`;
export const shipmentEditPath = (id: number) => `/shipments/${id}/edit`;

/**
 * True when the edit screen was opened from the shipment details or list (spec 002 §2.2).
 * Links to the edit screen pass `state={{ from: 'details' }}` or `{ from: 'list' }`.
 */
export function cameFromShipments(state: unknown): boolean {
  const from = (state as { from?: unknown } | null)?.from;
  return from === 'list' || from === 'details';
}
