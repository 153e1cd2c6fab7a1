import {
  isOngoing,
  type Shipment,
  type ShipmentAddress,
  type ShipmentGeofence,
  type ShipmentPoint,
} from '@waymark/domain';
import type { RouteStop, TrailPoint } from '../../../map/types';
import { geofencePoints } from '../../geofences/shapeBounds';

type LngLat = [number, number];

/** Spec 001 §2: ongoing shipments show the predicted end, the others the actual one. */
export function endField(s: Pick<Shipment, 'status' | 'estimated_end_at' | 'ended_at'>): {
  label: 'Estimated End' | 'Actual End';
  at: string | null;
} {
  return isOngoing(s.status)
    ? { label: 'Estimated End', at: s.estimated_end_at }
    : { label: 'Actual End', at: s.ended_at };
}

/** The back link: to the tab the shipment is listed on. */
export function backLinkOf(s: Pick<Shipment, 'archived_at'>) {
  return { label: 'All Shipments', to: s.archived_at ? '/archived-shipments' : '/shipments' };
}

/** The public tracking page's address, the one 'Copy Link' copies. */
export function publicTrackUrl(origin: string, uuid: string): string {
  return `${origin}/shipments/track/${encodeURIComponent(uuid)}`;
}

/** From or To as the info panel shows it: a geofence's name with its link, or the address. */
export function placeLabel(
  geofence: Pick<ShipmentGeofence, 'id' | 'name'> | null | undefined,
  address: Pick<ShipmentAddress, 'name'> | null,
): { name: string; href: string | null } | null {
  if (geofence) return { name: geofence.name, href: `/geofences/${geofence.id}` };
  if (address) return { name: address.name, href: null };
  return null;
}

/** Where one side of a shipment is: the geofence's centre, or the address's point. */
export function routeEnd(
  geofence: ShipmentGeofence | null | undefined,
  address: ShipmentAddress | null,
): RouteStop | null {
  if (geofence) return { lngLat: [geofence.lng, geofence.lat], name: geofence.name, point: false };
  if (address) return { lngLat: [address.lng, address.lat], name: address.name, point: true };
  return null;
}

/** A path point as the trail layer draws it (the API sends location as [lng, lat]). */
export function trailPoint(p: ShipmentPoint): TrailPoint {
  const [lng, lat] = p.location;
  return { lng, lat, timestamp: p.timestamp, speed: p.speed, fix: p.fix, address: p.address };
}

/**
 * What the details map frames: both locations whole (a geofence by its outline), the
 * travelled path and the current position, so the trip and where it stands fit on screen.
 */
export function framePoints(
  s: Pick<
    Shipment,
    'from_geofence' | 'from_address' | 'to_geofence' | 'to_address' | 'path' | 'current_position'
  >,
): LngLat[] {
  const side = (g: ShipmentGeofence | null | undefined, a: ShipmentAddress | null): LngLat[] =>
    g ? geofencePoints(g) : a ? [[a.lng, a.lat]] : [];
  return [
    ...side(s.from_geofence, s.from_address),
    ...side(s.to_geofence, s.to_address),
    ...(s.path ?? []).map((p) => p.location),
    ...(s.current_position ? [s.current_position.location] : []),
  ];
}
