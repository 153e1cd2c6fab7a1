import { polygonGeometrySchema, type Geofence, type GeofenceEvent } from '@waymark/domain';
import type { GeofenceEventRow, GeofenceRow } from './geofences.queries';

/** The answer of every geofence call (spec 000 §3); stored polygons of other kinds read as none. */
export function presentGeofence(row: GeofenceRow): Geofence {
  const geometry = polygonGeometrySchema.safeParse(row.geo_json);
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    radius: row.radius,
    is_irregular: row.is_irregular && geometry.success,
    geo_json: geometry.success ? geometry.data : null,
    allowable_dwell_days: row.allowable_dwell_days,
    min_assets: row.min_assets,
    max_assets: row.max_assets,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    company_name: row.company_name,
    notes: row.notes,
    is_alertable: row.is_alertable ? 1 : 0,
    devices_count: row.devices_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentGeofenceEvent(r: GeofenceEventRow): GeofenceEvent {
  return {
    id: r.id,
    event_type: r.event_type as 'geofence-enter' | 'geofence-exit',
    description: r.description,
    created_at: r.created_at.toISOString(),
    lat: r.lat,
    lng: r.lng,
    device: { id: r.device_id, name: r.device_name },
    geofence: r.geofence_id === null ? null : { id: r.geofence_id, name: r.geofence_name ?? '' },
  };
}
