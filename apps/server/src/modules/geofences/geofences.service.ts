import {
  closeRings,
  GEOFENCE_DEFAULT_RADIUS_KM,
  polygonCentre,
  polygonGeometrySchema,
  type Geofence,
  type GeofenceUpdate,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { invalidField } from '../../http/errors';
import type { GeofenceColumns, GeofenceRow } from './geofences.queries';

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

const SHAPE_MESSAGE = 'Must draw geofence on the map to save';

/**
 * The columns for a store payload or the sent fields of an update, merged over the stored
 * geofence for updates. A circle keeps lat, lng and radius; a polygon is closed and listed at
 * its centre. The merged result must still hold a shape.
 */
export function geofenceColumns(
  payload: GeofenceUpdate,
  stored?: GeofenceRow,
): Partial<GeofenceColumns> {
  const columns: Partial<GeofenceColumns> = {};
  const copy = [
    'name',
    'allowable_dwell_days',
    'min_assets',
    'max_assets',
    'full_name',
    'email',
    'phone',
    'company_name',
    'notes',
    'is_alertable',
  ] as const;
  for (const key of copy) {
    if (payload[key] !== undefined) Object.assign(columns, { [key]: payload[key] });
  }
  if (payload.address !== undefined) {
    columns.address =
      typeof payload.address === 'string' ? payload.address.trim() : payload.address.label.trim();
  }

  const shapeSent = (['is_irregular', 'geo_json', 'radius', 'lat', 'lng'] as const).some(
    (key) => payload[key] !== undefined,
  );
  if (!shapeSent && stored) return columns;

  const irregular = payload.is_irregular ?? stored?.is_irregular ?? false;
  if (irregular) {
    const sent = payload.geo_json === undefined ? stored?.geo_json : payload.geo_json;
    const geometry = polygonGeometrySchema.safeParse(sent);
    if (!geometry.success) throw invalidField('shape', SHAPE_MESSAGE);
    const closed = closeRings(geometry.data);
    const centre = polygonCentre(closed);
    return {
      ...columns,
      is_irregular: true,
      geo_json: closed,
      lat: centre.lat,
      lng: centre.lng,
      radius: stored?.radius ?? GEOFENCE_DEFAULT_RADIUS_KM,
    };
  }
  const pick = <K extends 'lat' | 'lng' | 'radius'>(key: K) =>
    payload[key] === undefined ? stored?.[key] : payload[key];
  const lat = pick('lat');
  const lng = pick('lng');
  const radius = pick('radius') ?? GEOFENCE_DEFAULT_RADIUS_KM;
  if (lat == null || lng == null || !(radius > 0)) throw invalidField('shape', SHAPE_MESSAGE);
  return { ...columns, is_irregular: false, geo_json: null, lat, lng, radius };
}

/** Tells the bus, so the spatial indexes see the change on the very next position. */
export function geofencesChanged(ctx: AppContext, accountId: number, geofenceId: number) {
  ctx.bus.publish('geofence.changed', { account_id: accountId, geofence_id: geofenceId });
}
