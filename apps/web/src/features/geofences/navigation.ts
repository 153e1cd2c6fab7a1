/** Where a geofence screen was opened from, carried in the router's location state. */
export type PlacesOrigin = 'list' | 'details';

export const detailsPath = (id: number) => `/geofences/${id}`;
export const editPath = (id: number) => `/geofences/${id}/edit`;

/** True when the edit screen was opened from the geofence details or list. */
export function cameFromPlaces(state: unknown): boolean {
  const from = (state as { from?: unknown } | null)?.from;
  return from === 'list' || from === 'details';
}

/**
 * The create link (spec 000 §2.1): label, lat and lng prefill the address, area (JSON of a
 * GeoJSON Polygon, a Feature, or a ring of [lng, lat] pairs) the shape. Scout and the map
 * popup send users here.
 */
export function geofenceCreateHref(prefill: {
  label?: string;
  lat?: number;
  lng?: number;
  area?: GeoJSON.Polygon | [number, number][];
}): string {
  const query = new URLSearchParams();
  if (prefill.label) query.set('label', prefill.label);
  if (prefill.lat !== undefined) query.set('lat', String(prefill.lat));
  if (prefill.lng !== undefined) query.set('lng', String(prefill.lng));
  if (prefill.area) query.set('area', JSON.stringify(prefill.area));
  const search = query.toString();
  return search ? `/geofences/create?${search}` : '/geofences/create';
}
