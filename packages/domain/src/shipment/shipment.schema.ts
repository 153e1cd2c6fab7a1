import { z } from 'zod';
import {
  dateTimeSchema,
  idListSchema,
  idSchema,
  MAX_ID,
  textSchema,
} from '../common/fields.schema';
import { fixSchema } from '../position/position.schema';
import { polygonGeometrySchema } from '../geofence/geofence.schema';
import {
  NOTIFY_AT_HOURS,
  SHIPMENT_EVENT_TYPES,
  SHIPMENT_LIST_KEYS,
  SHIPMENT_STATUSES,
} from './shipment.constants';

/** Messages of the shipment form and calls: spec 001 §5 verbatim, ours where it shows none. */
export const SHIPMENT_MESSAGES = {
  nameRequired: 'Name is required',
  dateRequired: 'date is required',
  trackerRequired: 'tracker is required',
  geofenceRequired: 'geofence is required',
  addressRequired: 'address is required',
  latLngRequired: 'lat and lng are required',
  optionRequired: 'option is required',
  deleteConfirm: 'Are you sure you want to delete this shipment?',
  noShipments: 'There are no shipments',
  noArchivedShipments: 'There are no archived shipments',
  noEvents: 'No events',
  // Ours: the spec shows no text for these.
  notifyAtOptions: `must be one of ${NOTIFY_AT_HOURS.join(', ')} (hours before the scheduled end)`,
  endBeforeStart: 'The end date must be after the start date',
  geofenceOrAddress: 'Choose a geofence or an address, not both',
  unknownTracker: 'The tracker must be one of the trackers you see in this account',
  unknownGeofence: 'The geofence must be one of the geofences of this account',
  unknownShipments: 'Every id in ids must be a shipment you see in this account',
  notAvailable: 'Shipments are not available to this account',
  notEmail: 'not an email',
  notPhone: 'not valid phone',
} as const;
const m = SHIPMENT_MESSAGES;

/** Longest name and carrier accepted. */
export const SHIPMENT_TEXT_MAX = 255;
/** Most e-mail addresses and phone numbers one shipment notifies. */
export const SHIPMENT_RECIPIENTS_MAX = 20;
/** Most shipments one bulk call changes. */
export const SHIPMENT_BULK_MAX = 10_000;

export const shipmentStatusSchema = z.enum(SHIPMENT_STATUSES);

/** A custom start or end location: a label and the point it names (spec 001 §3). */
export const shipmentAddressSchema = z.object(
  {
    name: textSchema({ max: 1000, error: m.addressRequired }).min(1, m.addressRequired),
    lat: z.number({ error: m.latLngRequired }).min(-90, m.latLngRequired).max(90, m.latLngRequired),
    lng: z
      .number({ error: m.latLngRequired })
      .min(-180, m.latLngRequired)
      .max(180, m.latLngRequired),
  },
  { error: m.addressRequired },
);
export type ShipmentAddress = z.infer<typeof shipmentAddressSchema>;

const nameField = textSchema({
  max: SHIPMENT_TEXT_MAX,
  error: m.nameRequired,
  tooLong: `The name may have at most ${SHIPMENT_TEXT_MAX} characters`,
}).min(1, m.nameRequired);

const carrierField = textSchema({ max: SHIPMENT_TEXT_MAX })
  .nullable()
  .transform((v) => (v ? v : null));

/** The tracker: the spec's message whatever was sent instead of an id (§5). */
const deviceField = z
  .number({ error: m.trackerRequired })
  .int(m.trackerRequired)
  .min(1, m.trackerRequired)
  .max(MAX_ID, m.trackerRequired)
  .describe('The tracker carried');

const dateField = dateTimeSchema({ error: m.dateRequired });

const notifyAtField = z
  .number({ error: m.optionRequired })
  .refine((v) => (NOTIFY_AT_HOURS as readonly number[]).includes(v), m.notifyAtOptions)
  .describe(`Hours before the scheduled end: ${NOTIFY_AT_HOURS.join(', ')} (0: no notification)`);

const email = textSchema({ max: 255 }).refine((v) => z.email().safeParse(v).success, m.notEmail);
/** A number a text message can reach: 7 to 15 digits, written with +, spaces, dashes or brackets. */
const phone = textSchema({ max: 32 }).refine((v) => {
  const digits = v.replace(/\D/g, '');
  return /^\+?[\d\s().-]+$/.test(v) && digits.length >= 7 && digits.length <= 15;
}, m.notPhone);

/** An empty or absent list is stored as no recipients (the edit form sends null). */
const recipients = <T extends z.ZodType<string>>(item: T) =>
  z
    .array(item)
    .max(SHIPMENT_RECIPIENTS_MAX, `At most ${SHIPMENT_RECIPIENTS_MAX} recipients`)
    .nullable()
    .transform((v) => [...new Set(v ?? [])]);

const scheduleFields = {
  start_at: dateField.describe("ISO 8601 or 'yyyy-MM-dd HH:mm:ss' (UTC)"),
  end_at: dateField.describe("The scheduled end: ISO 8601 or 'yyyy-MM-dd HH:mm:ss' (UTC)"),
};

/** end_at after start_at, when both are there. */
function checkSchedule(v: { start_at?: Date; end_at?: Date }, ctx: z.RefinementCtx) {
  if (v.start_at && v.end_at && v.end_at <= v.start_at) {
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: m.endBeforeStart });
  }
}

/** One side (from or to): a geofence of the account, or a custom address, never both. */
function checkPlace(side: 'from' | 'to', v: Record<string, unknown>, ctx: z.RefinementCtx) {
  const geofence = v[`${side}_geofence_id`];
  const address = v[`${side}_address`];
  if (geofence == null && address == null) {
    ctx.addIssue({ code: 'custom', path: [`${side}_geofence_id`], message: m.geofenceRequired });
  } else if (geofence != null && address != null) {
    ctx.addIssue({ code: 'custom', path: [`${side}_address`], message: m.geofenceOrAddress });
  }
}

/** POST /accounts/{id}/shipments (spec 001 §7 "Shipments", §5 "Shipment create"). */
export const shipmentCreateSchema = z
  .object({
    name: nameField,
    carrier: carrierField.optional(),
    ...scheduleFields,
    device_id: deviceField,
    from_geofence_id: idSchema.nullable().optional(),
    from_address: shipmentAddressSchema.nullable().optional(),
    to_geofence_id: idSchema.nullable().optional(),
    to_address: shipmentAddressSchema.nullable().optional(),
    notify_at: notifyAtField,
    notification_emails: recipients(email).optional(),
    notification_phone_numbers: recipients(phone).optional(),
  })
  .superRefine((v, ctx) => {
    checkSchedule(v, ctx);
    checkPlace('from', v, ctx);
    checkPlace('to', v, ctx);
  });
export type ShipmentCreate = z.infer<typeof shipmentCreateSchema>;
export type ShipmentCreateInput = z.input<typeof shipmentCreateSchema>;

/**
 * PUT /accounts/{id}/shipments/{id}: the fields the edit form sends; the tracker and the
 * locations are read-only after creation. Fields left out keep their values.
 */
export const shipmentUpdateSchema = z
  .object({
    name: nameField.optional(),
    carrier: carrierField.optional(),
    start_at: scheduleFields.start_at.optional(),
    end_at: scheduleFields.end_at.optional(),
    notify_at: notifyAtField.optional(),
    notification_emails: recipients(email).optional(),
    notification_phone_numbers: recipients(phone).optional(),
  })
  .superRefine(checkSchedule);
export type ShipmentUpdate = z.infer<typeof shipmentUpdateSchema>;

/** POST …/shipments/bulk/archive and …/bulk/unarchive. */
export const shipmentBulkSchema = z.object({
  ids: idListSchema.min(1, 'ids must name at least one shipment').max(SHIPMENT_BULK_MAX),
});
/** POST …/shipments/bulk/delete: key names the tab the ids are deleted from. */
export const shipmentBulkDeleteSchema = shipmentBulkSchema.extend({
  key: z
    .enum(SHIPMENT_LIST_KEYS, { error: 'key must be general or archived' })
    .describe('general or archived: only shipments of that tab are deleted'),
});

/** A geofence as a shipment carries it (spec 001 §3 "from_geofence (with address)"). */
export const shipmentGeofenceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number().describe('Circle radius in km'),
  is_irregular: z.boolean(),
  geo_json: polygonGeometrySchema.nullable(),
});
export type ShipmentGeofence = z.infer<typeof shipmentGeofenceSchema>;

/** A point of the path and the current position (spec 001 §3): location is [lng, lat]. */
export const shipmentPointSchema = z.object({
  location: z.tuple([z.number(), z.number()]),
  timestamp: z.string(),
  speed: z.number().nullable().describe('m/s'),
  fix: fixSchema,
  address: z.string().nullable(),
});
export type ShipmentPoint = z.infer<typeof shipmentPointSchema>;

export const shipmentEventSchema = z.object({
  id: z.number().int(),
  event_type: z.enum(SHIPMENT_EVENT_TYPES),
  event_at: z.string(),
  description: z.string(),
});
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>;

/** A shipment as the account's calls answer it (spec 001 §3 "Shipment"). */
export const shipmentSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  carrier: z.string().nullable(),
  status: shipmentStatusSchema,
  start_at: z.string(),
  end_at: z.string().describe('The scheduled end'),
  estimated_end_at: z.string().nullable().describe('The predicted arrival while ongoing'),
  ended_at: z.string().nullable(),
  device_id: z.number().int(),
  device: z.object({ id: z.number().int(), name: z.string() }).optional(),
  from_geofence_id: z.number().int().nullable(),
  from_geofence: shipmentGeofenceSchema.nullable().optional(),
  from_address: shipmentAddressSchema.nullable(),
  to_geofence_id: z.number().int().nullable(),
  to_geofence: shipmentGeofenceSchema.nullable().optional(),
  to_address: shipmentAddressSchema.nullable(),
  notify_at: z.number().int(),
  notification_emails: z.array(z.string()),
  notification_phone_numbers: z.array(z.string()),
  uuid: z.string(),
  events: z.array(shipmentEventSchema).optional(),
  path: z.array(shipmentPointSchema).optional(),
  current_position: shipmentPointSchema.nullable().optional(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * GET /public-shipments/{uuid}: only what the public page shows (spec 001 §2): no e-mails,
 * phones, account, device or geofence ids.
 */
export const publicShipmentSchema = z
  .object({
    name: z.string(),
    status: shipmentStatusSchema,
    start_at: z.string(),
    end_at: z.string(),
    ended_at: z.string().nullable(),
    estimated_end_at: z
      .string()
      .nullable()
      .describe('The predicted arrival (the shipment clock) while ongoing; null once ended'),
    destination: z
      .object({
        name: z.string().describe('The end geofence name or the custom address'),
        location: z.tuple([z.number(), z.number()]).describe('[lng, lat]'),
      })
      .nullable(),
    events: z.array(z.object({ event_at: z.string(), description: z.string() })).optional(),
    path: z.array(shipmentPointSchema).optional(),
    current_position: shipmentPointSchema.nullable().optional(),
  })
  .strict();
export type PublicShipment = z.infer<typeof publicShipmentSchema>;
