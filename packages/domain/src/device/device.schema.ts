import { z } from 'zod';
import { boundedNumberSchema, idSchema, textSchema } from '../common/fields.schema';
import { currentPositionSchema, TEMPERATURE_RANGE_C } from '../position/position.schema';

export const subscriptionStatusSchema = z.enum([
  'active',
  'pending',
  'pending-renewal',
  'pending-cancellation',
  'cancelled',
  'blocked',
  'archived',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * One row of the tracker list and map (GET /accounts/{id}/device-list): compact, because an
 * account may have 100,000 of them.
 */
export const deviceListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  note: z.string().nullable(),
  model_id: z.number().int(),
  model_title: z.string(),
  expected_report_minutes: z.number().int(),
  subscription_status: subscriptionStatusSchema.nullable(),
  group_ids: z.array(z.number().int()),
  low_battery: z.boolean(),
  charging: z.boolean(),
  sos: z.boolean(),
  overspeed: z.boolean(),
  current_position: currentPositionSchema.nullable(),
});
export type DeviceListItem = z.infer<typeof deviceListItemSchema>;

export const deviceTriggersSchema = z.object({
  /** Degrees Celsius; null disables that bound. The form shows Fahrenheit. */
  min_temperature: z.number().nullable(),
  max_temperature: z.number().nullable(),
  /** Percent relative humidity; null disables that bound. */
  min_humidity: z.number().min(0).max(100).nullable(),
  max_humidity: z.number().min(0).max(100).nullable(),
});
export type DeviceTriggers = z.infer<typeof deviceTriggersSchema>;

/**
 * POST /devices/{id}/triggers: the bounds within what a sensor can read (the answer keeps the
 * looser schema above, so a bound stored before these limits still reads back).
 */
export const deviceTriggersUpdateSchema = z.object({
  min_temperature: boundedNumberSchema(TEMPERATURE_RANGE_C).nullable(),
  max_temperature: boundedNumberSchema(TEMPERATURE_RANGE_C).nullable(),
  min_humidity: deviceTriggersSchema.shape.min_humidity,
  max_humidity: deviceTriggersSchema.shape.max_humidity,
});

/** GET /accounts/{id}/devices/{id}: everything the tracker details screen shows. */
export const deviceDetailsSchema = deviceListItemSchema.extend({
  account_id: z.number().int(),
  imei: z.string().nullable(),
  phone: z.string().nullable(),
  /** The SIM card's ICCID as the tracker reported it. */
  iccid: z.string().nullable(),
  /** Volts of the vehicle or charger the tracker is wired to, as it last reported them. */
  external_voltage: z.number().nullable(),
  has_voice: z.boolean(),
  live_audio_minutes: z.number().int(),
  model: z.object({
    id: z.number().int(),
    title: z.string(),
    device_type: z.string(),
    protocol: z.string(),
    has_temperature: z.boolean(),
    has_humidity: z.boolean(),
    /** Hears BLE beacons: a gateway that places BLE tags at anchors. */
    ble_support: z.boolean(),
    expected_report_minutes: z.number().int(),
    thumbnail_path: z.string().nullable(),
  }),
  subscription: z
    .object({
      id: z.number().int(),
      status: subscriptionStatusSchema,
      start_at: z.string().nullable(),
      renewal_date: z.string().nullable(),
    })
    .nullable(),
  triggers: deviceTriggersSchema,
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DeviceDetails = z.infer<typeof deviceDetailsSchema>;

export const deviceUpdateSchema = z
  .object({
    name: textSchema({ max: 120 }).min(1, 'Name is required').optional(),
    note: textSchema({ max: 2000, multiline: true, trim: false }).nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.note !== undefined, {
    message: 'name or note is required',
  });

export const commandSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** Template; `__name__` placeholders are the arguments. */
  commands: z.string(),
  has_arguments: z.boolean(),
  is_category: z.boolean(),
  translation: z.string().nullable(),
  is_sent_via_data: z.boolean(),
  is_sent_via_sms: z.boolean(),
  is_sent_via_sos: z.boolean(),
});
export type Command = z.infer<typeof commandSchema>;

export const COMMAND_MESSAGES = {
  sent: 'Command sent',
  failed: 'Error occurred while sending a command',
  selectCommand: 'Please select a command to send',
  provideCommand: 'Please provide a command to send',
} as const;

export const sendCommandSchema = z.object({
  /** A command template id, or null for a custom command. */
  id: idSchema.nullable(),
  payload: z.object({
    command: textSchema({
      max: 512,
      multiline: true,
      error: COMMAND_MESSAGES.provideCommand,
    }).min(1, COMMAND_MESSAGES.provideCommand),
  }),
  send_via: z
    .array(z.enum(['sms', 'data']))
    .min(1)
    .default(['sms']),
  translation: textSchema({ max: 200, trim: false }).nullable().optional(),
});
export type SendCommand = z.infer<typeof sendCommandSchema>;

export const deviceMessageSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  translation: z.string().nullable(),
  message_to_device: z.string().nullable(),
  message_from_device: z.string().nullable(),
  /** queued, sent (written to the connection, or taken by the SMS provider), delivered (device answered), failed (every SMS attempt refused) */
  status: z.enum(['queued', 'sent', 'delivered', 'failed']),
  send_via: z.enum(['sms', 'data']),
});
export type DeviceMessage = z.infer<typeof deviceMessageSchema>;

/** Messages kept per device (spec 002 §9). */
export const MAX_DEVICE_MESSAGES = 100;

/** GET .../devices/{id}/meta: the note, and the users who see the tracker by their device_ids. */
export const deviceMetaSchema = z.object({
  note: z.string().nullable(),
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DeviceMeta = z.infer<typeof deviceMetaSchema>;

/** A tracker model of the catalogue (GET /models), as the rule editor picks one. */
export const trackerModelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  device_type: z.string(),
});
export type TrackerModel = z.infer<typeof trackerModelSchema>;

/** GET /accounts/{id}/fleet-status-counts: trackers per chip of the list (fleet-status.rules). */
export const fleetStatusCountsSchema = z.object({
  moving: z.number().int(),
  stopped: z.number().int(),
  offline: z.number().int(),
  low_battery: z.number().int(),
  alarm: z.number().int(),
});
export type FleetStatusCounts = z.infer<typeof fleetStatusCountsSchema>;
