import {
  SHIPMENT_STATUSES,
  type Shipment,
  type ShipmentListKey,
  type ShipmentStatus,
} from '@waymark/domain';
import type { MapShipment } from '../../../map/types';

/** The two tabs and where they live (spec 001 §2: the tab follows the route). */
export const SHIPMENT_TABS: { key: ShipmentListKey; label: string; path: string }[] = [
  { key: 'general', label: 'General', path: '/shipments' },
  { key: 'archived', label: 'Archived', path: '/archived-shipments' },
];

export const EMPTY_TEXT: Record<ShipmentListKey, string> = {
  general: 'There are no shipments',
  archived: 'There are no archived shipments',
};

/**
 * The statuses the list call asks for, from the filter's ticked boxes: [] (every status) when
 * all are ticked, null when none is (nothing can match, so nothing is asked).
 */
export function statusesToRequest(ticked: readonly ShipmentStatus[]): ShipmentStatus[] | null {
  if (ticked.length === 0) return null;
  const set = new Set(ticked);
  if (SHIPMENT_STATUSES.every((s) => set.has(s))) return [];
  return SHIPMENT_STATUSES.filter((s) => set.has(s));
}

/** A side of the trip as a person names it: the geofence, else the address, else a dash. */
export function placeName(shipment: Shipment, side: 'from' | 'to'): string {
  const geofence = shipment[`${side}_geofence`];
  const address = shipment[`${side}_address`];
  return geofence?.name ?? address?.name ?? '—';
}

/** Where a shipment is on the map: its current position, else where it starts. */
export function shipmentPoint(shipment: Shipment): [number, number] | null {
  if (shipment.current_position) return shipment.current_position.location;
  const start = shipment.from_geofence ?? shipment.from_address;
  return start ? [start.lng, start.lat] : null;
}

/** The shipments that have a place on the map. */
export function toMapShipments(shipments: readonly Shipment[]): MapShipment[] {
  return shipments.flatMap((s) => {
    const point = shipmentPoint(s);
    return point
      ? [{ id: s.id, name: s.name, status: s.status, lng: point[0], lat: point[1] }]
      : [];
  });
}

/** The selection that still names listed rows (a refresh or a filter may drop some). */
export function keepListed(
  selected: ReadonlySet<number>,
  rows: readonly { id: number }[],
): ReadonlySet<number> {
  const listed = new Set(rows.map((r) => r.id));
  const kept = [...selected].filter((id) => listed.has(id));
  return kept.length === selected.size ? selected : new Set(kept);
}

/** Spec 001 §8: 'Error downloading file' plus ' (HTTP {status})' when the server answered. */
export function downloadErrorText(status: number | null): string {
  return status && status > 0
    ? `Error downloading file (HTTP ${status})`
    : 'Error downloading file';
}
