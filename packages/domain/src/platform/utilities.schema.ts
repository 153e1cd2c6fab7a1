import { z } from 'zod';
import { ACCOUNT_SETTING_CODES } from '../account/account.schema';
import { idSchema, textSchema } from '../common/fields.schema';
import { subscriptionStatusSchema } from '../device/device.schema';

/**
 * Requests and answers of the Utilities page (spec 002 §2.6; docs/architecture.md,
 * "Utilities"). The web app's cards validate with the same schemas the server does.
 */

export const UTILITY_MESSAGES = {
  serial: 'Enter a serial: letters, digits and dashes, up to 32 characters',
  numericSerial: 'Enter the first serial of the range: digits only, up to 20',
  count: 'Enter how many serials: a whole number from 1 to 500',
  confirm: 'Type the serial again to confirm',
  minutes: 'Enter the minutes to add (or a negative number to remove): not 0',
  phone: 'Enter a phone number: digits, spaces, dashes, brackets and an optional leading +',
  serials: 'Enter from 1 to 100 serials, separated by commas, spaces or new lines',
} as const;

/** Serials of a range are numeric; at most this many at once. */
export const UTILITY_RANGE_MAX = 500;
/** Serials of one bulk command. */
export const UTILITY_BULK_MAX = 100;

export const utilitySerialSchema = textSchema({ max: 32, error: UTILITY_MESSAGES.serial })
  .min(1, UTILITY_MESSAGES.serial)
  .regex(/^[A-Za-z0-9-]+$/, UTILITY_MESSAGES.serial);

const optionalText = (max: number) =>
  textSchema({ max })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const phoneSchema = textSchema({ max: 24, error: UTILITY_MESSAGES.phone }).regex(
  /^\+?[0-9 ()-]{5,23}$/,
  UTILITY_MESSAGES.phone,
);

const rangeSchema = {
  first_serial: textSchema({ max: 20, error: UTILITY_MESSAGES.numericSerial }).regex(
    /^[0-9]{1,20}$/,
    UTILITY_MESSAGES.numericSerial,
  ),
  count: z
    .number({ error: UTILITY_MESSAGES.count })
    .int(UTILITY_MESSAGES.count)
    .min(1, UTILITY_MESSAGES.count)
    .max(UTILITY_RANGE_MAX, UTILITY_MESSAGES.count),
};

/** Provision: register hardware; with account_id, also assign it (the contract of issue 23). */
export const provisionSchema = z.object({
  serial: utilitySerialSchema,
  model_id: idSchema,
  account_id: idSchema.optional(),
  name: optionalText(120),
  imei: optionalText(32),
  iccid: optionalText(22),
  phone: phoneSchema.optional().or(z.literal('').transform(() => undefined)),
});
export type ProvisionRequest = z.infer<typeof provisionSchema>;

export const reserveSchema = z.object({ serial: utilitySerialSchema, account_id: idSchema });
export const reserveRangeSchema = z.object({ ...rangeSchema, account_id: idSchema });
export const assignSchema = z.object({
  serial: utilitySerialSchema,
  account_id: idSchema,
  name: optionalText(120),
});
export const assignRangeSchema = z.object({ ...rangeSchema, account_id: idSchema });
export const serialOnlySchema = z.object({ serial: utilitySerialSchema });
export const setupSchema = z.object({
  serial: utilitySerialSchema,
  name: optionalText(120),
  model_id: idSchema.optional(),
  note: optionalText(500),
  has_voice: z.boolean().optional(),
});
export const changeDeviceTypeSchema = z.object({ serial: utilitySerialSchema, model_id: idSchema });
export const minutesSchema = z.object({
  serial: utilitySerialSchema,
  minutes: z
    .number({ error: UTILITY_MESSAGES.minutes })
    .int(UTILITY_MESSAGES.minutes)
    .min(-100_000, UTILITY_MESSAGES.minutes)
    .max(100_000, UTILITY_MESSAGES.minutes)
    .refine((n) => n !== 0, UTILITY_MESSAGES.minutes),
});
export const setSubscriptionSchema = z.object({
  serial: utilitySerialSchema,
  status: subscriptionStatusSchema,
  months: z.number().int().min(1).max(36).optional(),
});
export const refreshPhoneSchema = z.object({
  serial: utilitySerialSchema,
  phone: phoneSchema.optional().or(z.literal('').transform(() => undefined)),
});
const sendVia = z.enum(['sms', 'data']);
const commandText = textSchema({ max: 512, multiline: true, error: 'Enter a command' }).min(
  1,
  'Enter a command',
);
export const utilityCommandSchema = z.object({
  serial: utilitySerialSchema,
  command: commandText,
  send_via: sendVia.default('data'),
});
export const bulkCommandSchema = z.object({
  serials: z
    .array(utilitySerialSchema, { error: UTILITY_MESSAGES.serials })
    .min(1, UTILITY_MESSAGES.serials)
    .max(UTILITY_BULK_MAX, UTILITY_MESSAGES.serials),
  command: commandText,
  send_via: sendVia.default('data'),
});
export const deviceMessagesRequestSchema = z.object({
  serial: utilitySerialSchema,
  limit: z.number().int().min(1).max(100).default(100),
});

export const ACCOUNT_FLAGS = [
  'has_api_access',
  'is_b2b_account',
  'has_rules_engine',
  'can_track_shipments',
] as const;
export type AccountFlag = (typeof ACCOUNT_FLAGS)[number];

/** The on/off settings Set Flags edits (stored as '1' / '0' in account_settings). */
export const FLAG_SETTING_CODES = ACCOUNT_SETTING_CODES.filter(
  (code) => code !== 'embed_report_src',
);

export const setFlagsSchema = z.object({
  account_id: idSchema,
  flags: z.partialRecord(z.enum(ACCOUNT_FLAGS), z.boolean()).default({}),
  settings: z
    .partialRecord(z.enum(FLAG_SETTING_CODES as [string, ...string[]]), z.boolean())
    .default({}),
});
export type SetFlagsRequest = z.infer<typeof setFlagsSchema>;

export const clearDeviceSchema = z
  .object({
    serial: utilitySerialSchema,
    confirm_serial: z.string({ error: UTILITY_MESSAGES.confirm }),
  })
  .refine((b) => b.confirm_serial.trim() === b.serial, {
    path: ['confirm_serial'],
    message: UTILITY_MESSAGES.confirm,
  });

/** What every action answers: the sentence the card shows. */
export const utilityResultSchema = z.object({ message: z.string() });
export type UtilityResult = z.infer<typeof utilityResultSchema>;

export const provisionResultSchema = utilityResultSchema.extend({
  device_id: z.number().int().nullable(),
  state: z.enum(['inventory', 'assigned']),
});
export type ProvisionResult = z.infer<typeof provisionResultSchema>;

export const utilityMessageSchema = z.object({
  kind: z.enum(['position', 'event', 'command']),
  at: z.string(),
  text: z.string(),
});
export const deviceMessagesResultSchema = utilityResultSchema.extend({
  messages: z.array(utilityMessageSchema),
});
export type DeviceMessagesResult = z.infer<typeof deviceMessagesResultSchema>;
