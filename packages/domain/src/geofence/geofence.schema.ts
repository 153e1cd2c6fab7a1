import { z } from 'zod';
import { textSchema } from '../common/fields.schema';
import { isMaskedPhone } from '../phone/phone.rules';

/** Spec 000 §9: geofence numeric fields are 0 to 500. */
export const GEOFENCE_NUMBER_MIN = 0;
export const GEOFENCE_NUMBER_MAX = 500;
/** Spec 000 §3 and §9: a circle's radius defaults to 0.1 km. */
export const GEOFENCE_DEFAULT_RADIUS_KM = 0.1;

/** The spec 000 §5 messages of the geofence form, shared by the server and the web form. */
export const GEOFENCE_MESSAGES = {
  nameRequired: 'Name is required',
  addressRequired: 'address is required',
  labelNotString: 'label is not a string',
  latLngRequired: 'lat and lng are required',
  tooSmall: 'cannot be less than 0',
  tooBig: 'cannot be greater than 500',
  notEmail: 'not an email',
  notPhone: 'not valid phone',
  shapeRequired: 'Must draw geofence on the map to save',
} as const;

const m = GEOFENCE_MESSAGES;

/** A GeoJSON polygon ring list: [lng, lat] positions, each ring closed or not. */
export const polygonGeometrySchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z
    .array(z.array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])).min(3))
    .min(1),
});
export type PolygonGeometry = z.infer<typeof polygonGeometrySchema>;

/** A picked place (autocomplete answer): its label and the point it names. */
export const placeSchema = z.object({
  label: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Place = z.infer<typeof placeSchema>;

/** The longest address (a label string or a place's label). */
const ADDRESS_MAX = 1000;
const addressText = textSchema({ max: ADDRESS_MAX });

const addressField = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: m.addressRequired });
    } else if (typeof value === 'object') {
      const place = value as { label?: unknown; lat?: unknown; lng?: unknown };
      if (typeof place.label !== 'string') {
        ctx.addIssue({ code: 'custom', message: m.labelNotString });
      } else if (!place.label.trim()) {
        ctx.addIssue({ code: 'custom', message: m.addressRequired });
      } else if (!placeSchema.safeParse(value).success) {
        ctx.addIssue({ code: 'custom', message: m.latLngRequired });
      } else {
        addTextIssues(place.label, ctx);
      }
    } else if (typeof value !== 'string') {
      ctx.addIssue({ code: 'custom', message: m.labelNotString });
    } else {
      addTextIssues(value, ctx);
    }
  })
  // After the checks above only a non-empty string or a full place remains.
  .transform((value) => value as string | Place)
  .describe('The address: a label string, or a picked place { label, lat, lng }');

/** The address text's own checks (length, control characters), as issues of the field. */
function addTextIssues(value: string, ctx: z.RefinementCtx) {
  for (const issue of addressText.safeParse(value).error?.issues ?? []) {
    ctx.addIssue({ code: 'custom', message: issue.message });
  }
}

const boundedNumber = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(GEOFENCE_NUMBER_MIN, m.tooSmall)
  .max(GEOFENCE_NUMBER_MAX, m.tooBig)
  .nullable();

/** Optional text: empty strings are stored as null. */
const optionalText = (max: number, multiline = false) =>
  textSchema({ max, multiline })
    .nullable()
    .transform((v) => (v ? v : null));

const emailField = textSchema({ max: 255 })
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || z.email().safeParse(v).success, m.notEmail);

const phoneField = z
  .string()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isMaskedPhone(v), m.notPhone)
  .describe('Masked US phone: (000) 000-0000, exactly 14 characters');

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 1);

/** Every field of the store payload (spec 000 §7), unchecked for the shape. */
const geofenceFields = z.object({
  name: textSchema({ max: 255, error: m.nameRequired }).min(1, m.nameRequired),
  address: addressField,
  allowable_dwell_days: boundedNumber.optional().describe('Dwell SLA in days, 0–500'),
  min_assets: boundedNumber.optional().describe('Fewest trackers expected inside, 0–500'),
  max_assets: boundedNumber.optional().describe('Most trackers expected inside, 0–500'),
  full_name: optionalText(255).optional().describe('Contact name'),
  email: emailField.optional().describe('Contact e-mail'),
  phone: phoneField.optional(),
  company_name: optionalText(255).optional(),
  notes: optionalText(5000, true).optional(),
  is_alertable: flag.optional().describe('0 or 1: raise alerts for enter and exit'),
  is_irregular: flag.optional().describe('1: a polygon in geo_json; 0: a circle'),
  geo_json: polygonGeometrySchema
    .nullable()
    .optional()
    .describe('GeoJSON Polygon geometry ([lng, lat] positions) when is_irregular'),
  radius: z.number().positive().max(1000).nullable().optional().describe('Circle radius in km'),
  lat: z.number().min(-90).max(90).nullable().optional().describe('Circle centre latitude'),
  lng: z.number().min(-180).max(180).nullable().optional().describe('Circle centre longitude'),
});
type GeofenceFields = z.infer<typeof geofenceFields>;
type ShapeFields = Pick<GeofenceFields, 'is_irregular' | 'geo_json' | 'radius' | 'lat' | 'lng'>;

/** True when the fields hold a drawn circle or polygon. */
export function hasShape(shape: ShapeFields): boolean {
  if (shape.is_irregular) return Boolean(shape.geo_json);
  return shape.lat != null && shape.lng != null && (shape.radius ?? GEOFENCE_DEFAULT_RADIUS_KM) > 0;
}

const requireShape = (value: ShapeFields, ctx: z.RefinementCtx) => {
  if (!hasShape(value)) {
    ctx.addIssue({ code: 'custom', path: ['shape'], message: m.shapeRequired });
  }
};

/** POST geofences: the whole store payload, with a drawn shape. */
export const geofenceStoreSchema = geofenceFields.superRefine(requireShape);
export type GeofenceStore = z.infer<typeof geofenceStoreSchema>;
export type GeofenceStoreInput = z.input<typeof geofenceStoreSchema>;

/**
 * PUT geofences/{id}: any fields of the store payload; the ones sent are checked with the same
 * messages and the rest keep their values (the dwell table edits one number at a time).
 */
export const geofenceUpdateSchema = geofenceFields.partial();
export type GeofenceUpdate = z.infer<typeof geofenceUpdateSchema>;

/** A geofence as every call answers it (spec 000 §3). */
export const geofenceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number().describe('Circle radius in km'),
  is_irregular: z.boolean(),
  geo_json: polygonGeometrySchema.nullable(),
  allowable_dwell_days: z.number().int().nullable(),
  min_assets: z.number().int().nullable(),
  max_assets: z.number().int().nullable(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  notes: z.string().nullable(),
  is_alertable: z.union([z.literal(0), z.literal(1)]),
  devices_count: z.number().int().describe('Trackers inside the geofence now (open visits)'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Geofence = z.infer<typeof geofenceSchema>;

/** GET geofence-events: an enter or exit of a tracker. */
export const geofenceEventSchema = z.object({
  id: z.number().int(),
  event_type: z.enum(['geofence-enter', 'geofence-exit']),
  description: z.string(),
  created_at: z.string(),
  geofence: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  device: z.object({ id: z.number().int(), name: z.string() }),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type GeofenceEvent = z.infer<typeof geofenceEventSchema>;

/** GET geofence/nearest. */
export const nearestGeofenceSchema = z.object({ id: z.number().int(), name: z.string() });
