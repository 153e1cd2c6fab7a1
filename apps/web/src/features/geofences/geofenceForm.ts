import {
  formatPhone,
  geofenceStoreSchema,
  polygonGeometrySchema,
  type Geofence,
  type GeofenceStoreInput,
  type Place,
} from '@waymark/domain';
import type { DrawnShape } from '../../map/drawnShape';

/** What the create and edit form holds; numbers stay text until saved, so '' means none. */
export interface GeofenceFormValues {
  name: string;
  /** The picked place; null while the typed text has not been picked from the list. */
  address: Place | null;
  addressText: string;
  allowable_dwell_days: string;
  min_assets: string;
  max_assets: string;
  full_name: string;
  email: string;
  phone: string;
  company_name: string;
  notes: string;
  is_alertable: boolean;
  shape: DrawnShape | null;
}

export const emptyGeofenceForm: GeofenceFormValues = {
  name: '',
  address: null,
  addressText: '',
  allowable_dwell_days: '',
  min_assets: '',
  max_assets: '',
  full_name: '',
  email: '',
  phone: '',
  company_name: '',
  notes: '',
  is_alertable: false,
  shape: null,
};

const numberText = (n: number | null) => (n === null ? '' : String(n));

/** The form of an existing geofence: its address at its point, its shape as drawn. */
export function formFromGeofence(g: Geofence): GeofenceFormValues {
  const label = g.address ?? '';
  return {
    name: g.name,
    address: label ? { label, lat: g.lat, lng: g.lng } : null,
    addressText: label,
    allowable_dwell_days: numberText(g.allowable_dwell_days),
    min_assets: numberText(g.min_assets),
    max_assets: numberText(g.max_assets),
    full_name: g.full_name ?? '',
    email: g.email ?? '',
    phone: formatPhone(g.phone),
    company_name: g.company_name ?? '',
    notes: g.notes ?? '',
    is_alertable: g.is_alertable === 1,
    shape:
      g.is_irregular && g.geo_json
        ? { kind: 'polygon', polygon: g.geo_json as GeoJSON.Polygon }
        : { kind: 'circle', lat: g.lat, lng: g.lng, radiusKm: g.radius },
  };
}

/**
 * Reads the `area` query parameter (Scout, 'Save as a Geofence'): JSON of a GeoJSON Polygon
 * geometry, a Feature holding one, or a bare ring of [lng, lat] pairs. Anything else is null.
 */
export function parseArea(area: string | null): GeoJSON.Polygon | null {
  if (!area) return null;
  let value: unknown;
  try {
    value = JSON.parse(area);
  } catch {
    return null;
  }
  const candidate = Array.isArray(value)
    ? { type: 'Polygon', coordinates: [value] }
    : (value as { type?: string; geometry?: unknown })?.type === 'Feature'
      ? (value as { geometry: unknown }).geometry
      : value;
  const parsed = polygonGeometrySchema.safeParse(candidate);
  return parsed.success ? (parsed.data as GeoJSON.Polygon) : null;
}

/**
 * The create form prefilled from /geofences/create?label=&lat=&lng=&area= (spec 000 §2.1):
 * label, lat and lng make the address, area the polygon.
 */
export function formFromQuery(params: URLSearchParams): GeofenceFormValues {
  const label = params.get('label')?.trim() ?? '';
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const hasPoint =
    params.get('lat') !== null &&
    params.get('lng') !== null &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180;
  const polygon = parseArea(params.get('area'));
  return {
    ...emptyGeofenceForm,
    address: label && hasPoint ? { label, lat, lng } : null,
    addressText: label,
    shape: polygon ? { kind: 'polygon', polygon } : null,
  };
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The store payload of spec 000 §7. */
export function payloadOf(values: GeofenceFormValues): GeofenceStoreInput {
  const text = values.addressText.trim();
  const picked = values.address && values.address.label === text ? values.address : null;
  const shape = values.shape;
  return {
    name: values.name,
    // Typed but not picked: sent without a point, so the user reads 'lat and lng are required'.
    address: picked ?? (text ? { label: text } : null),
    allowable_dwell_days: numberOrNull(values.allowable_dwell_days),
    min_assets: numberOrNull(values.min_assets),
    max_assets: numberOrNull(values.max_assets),
    full_name: values.full_name,
    email: values.email,
    phone: values.phone,
    company_name: values.company_name,
    notes: values.notes,
    is_alertable: values.is_alertable ? 1 : 0,
    ...(shape?.kind === 'polygon'
      ? {
          is_irregular: 1,
          geo_json: shape.polygon as GeoJSON.Polygon & { coordinates: [number, number][][] },
          lat: null,
          lng: null,
        }
      : {
          is_irregular: 0,
          geo_json: null,
          lat: shape?.lat ?? null,
          lng: shape?.lng ?? null,
          radius: shape ? Number(shape.radiusKm.toFixed(4)) : null,
        }),
  };
}

/** Field messages of the shared schema, first per field, keyed like the server's 422. */
export function validateGeofence(values: GeofenceFormValues): Record<string, string> {
  const result = geofenceStoreSchema.safeParse(payloadOf(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The messages the form shows: after a Save was tried, every field's; before, only those of
 * the fields the user has left (`touched`), so an error shows as soon as a field is done with
 * but an untouched form is not red all over.
 */
export function shownErrors(
  values: GeofenceFormValues,
  touched: ReadonlySet<string>,
  submitted: boolean,
): Record<string, string> {
  if (!submitted && touched.size === 0) return {};
  const errors = validateGeofence(values);
  if (submitted) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field)));
}
