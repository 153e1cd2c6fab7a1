import {
  isOngoing,
  polygonGeometrySchema,
  shipmentAddressSchema,
  type PublicShipment,
  type Shipment,
  type ShipmentAddress,
  type ShipmentEvent,
  type ShipmentGeofence,
  type ShipmentPoint,
} from '@waymark/domain';
import type { shipmentEvents } from '../../db/schema';
import type { FenceRow, PointRow, ShipmentRow } from './shipments.queries';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/** What a call asked to be added to each shipment. */
export interface ShipmentParts {
  includeDevice?: boolean;
  withGeofences?: boolean;
  events?: ReadonlyMap<number, ShipmentEvent[]>;
  paths?: ReadonlyMap<number, ShipmentPoint[]>;
  currents?: ReadonlyMap<number, ShipmentPoint>;
}

/** A geofence as a shipment carries it; stored polygons of other kinds read as none. */
export function presentFence(f: FenceRow | null): ShipmentGeofence | null {
  if (!f) return null;
  const geometry = polygonGeometrySchema.safeParse(f.geo_json);
  return {
    id: f.id,
    name: f.name,
    address: f.address,
    lat: f.lat,
    lng: f.lng,
    radius: f.radius,
    is_irregular: f.is_irregular && geometry.success,
    geo_json: geometry.success ? geometry.data : null,
  };
}

/** A stored custom address (jsonb), or null when the side is a geofence. */
export function addressOf(value: unknown): ShipmentAddress | null {
  if (value === null || value === undefined) return null;
  const parsed = shipmentAddressSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function presentPoint(p: PointRow): ShipmentPoint {
  return {
    location: [p.lng, p.lat],
    timestamp: iso(p.fix_time),
    speed: p.speed,
    fix: p.fix,
    address: p.address,
  };
}

export function presentEvent(e: typeof shipmentEvents.$inferSelect): ShipmentEvent {
  return {
    id: e.id,
    event_type: e.event_type,
    event_at: e.event_at.toISOString(),
    description: e.description,
  };
}

/** A shipment as the account's calls answer it, with the parts asked for (spec 001 §3). */
export function presentShipment(row: ShipmentRow, parts: ShipmentParts = {}): Shipment {
  const s = row.shipment;
  const shipment: Shipment = {
    id: s.id,
    account_id: s.account_id,
    name: s.name,
    carrier: s.carrier,
    status: s.status,
    start_at: iso(s.start_at),
    end_at: iso(s.end_at),
    estimated_end_at: isoOrNull(s.estimated_end_at),
    ended_at: isoOrNull(s.ended_at),
    device_id: s.device_id,
    from_geofence_id: s.from_geofence_id,
    from_address: addressOf(s.from_address),
    to_geofence_id: s.to_geofence_id,
    to_address: addressOf(s.to_address),
    notify_at: s.notify_at,
    notification_emails: s.notification_emails,
    notification_phone_numbers: s.notification_phone_numbers,
    uuid: s.uuid,
    archived_at: isoOrNull(s.archived_at),
    created_at: iso(s.created_at),
    updated_at: iso(s.updated_at),
  };
  if (parts.includeDevice) shipment.device = { id: s.device_id, name: row.device_name };
  if (parts.withGeofences) {
    shipment.from_geofence = presentFence(row.from_fence);
    shipment.to_geofence = presentFence(row.to_fence);
  }
  if (parts.events) shipment.events = parts.events.get(s.id) ?? [];
  if (parts.paths) shipment.path = parts.paths.get(s.id) ?? [];
  if (parts.currents) shipment.current_position = parts.currents.get(s.id) ?? null;
  return shipment;
}

/**
 * The public tracking page's shipment: only what that page shows (spec 001 §2), never the
 * recipients, the account, the tracker or the geofences.
 */
export function presentPublicShipment(
  s: Pick<
    ShipmentRow['shipment'],
    | 'id'
    | 'name'
    | 'status'
    | 'start_at'
    | 'end_at'
    | 'ended_at'
    | 'estimated_end_at'
    | 'to_address'
  >,
  parts: Pick<ShipmentParts, 'events' | 'paths' | 'currents'>,
  toFence: Pick<FenceRow, 'name' | 'lat' | 'lng'> | null = null,
): PublicShipment {
  const address = addressOf(s.to_address);
  const destination = toFence ?? address;
  const shipment: PublicShipment = {
    name: s.name,
    status: s.status,
    start_at: iso(s.start_at),
    end_at: iso(s.end_at),
    ended_at: isoOrNull(s.ended_at),
    // The shipment clock's prediction, which only an ongoing shipment has.
    estimated_end_at: isOngoing(s.status) ? isoOrNull(s.estimated_end_at) : null,
    destination: destination
      ? { name: destination.name, location: [destination.lng, destination.lat] }
      : null,
  };
  if (parts.events) {
    shipment.events = (parts.events.get(s.id) ?? []).map((e) => ({
      event_at: e.event_at,
      description: e.description,
    }));
  }
  if (parts.paths) shipment.path = parts.paths.get(s.id) ?? [];
  if (parts.currents) shipment.current_position = parts.currents.get(s.id) ?? null;
  return shipment;
}
