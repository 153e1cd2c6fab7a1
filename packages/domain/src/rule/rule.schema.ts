import { z } from 'zod';
import { idListSchema, MAX_ID, textSchema } from '../common/fields.schema';

/**
 * Rules: conditions then actions (spec 001 §2 "Rules", §3 "Rule", §5, §7, §8). The words of the
 * screens and the shapes of the calls, shared by the server and the web app.
 */

export const RULE_OPERATORS = ['and', 'or'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export const RULE_CONDITION_TYPES = [
  'tracker_list',
  'tracker_name',
  'message_content',
  'geofence',
  'event_type',
  'event_time',
  'speeding',
  'idling',
  'trip',
  'no_report',
  'temperature',
  'humidity',
  'battery',
] as const;
export type RuleConditionType = (typeof RULE_CONDITION_TYPES)[number];

export const RULE_ACTION_TYPES = [
  'send_command_to_tracker',
  'send_webhook',
  'send_text_message',
  'send_email',
] as const;
export type RuleActionType = (typeof RULE_ACTION_TYPES)[number];

/** What each type reads as in the type pickers and the list. */
export const RULE_CONDITION_LABELS: Record<RuleConditionType, string> = {
  tracker_list: 'Tracker is one of',
  tracker_name: 'Tracker name contains',
  message_content: 'Message content',
  geofence: 'Geofence',
  event_type: 'Event type',
  event_time: 'Event time',
  speeding: 'Speeding',
  idling: 'Idling',
  trip: 'Trip started or ended',
  no_report: 'No report for',
  temperature: 'Temperature outside a range',
  humidity: 'Humidity outside a range',
  battery: 'Battery below',
};

/**
 * Conditions about a tracker's state over time (issue 36 §4): each holds for an episode (a
 * speeding stretch, an idle, a trip, a silence, a reading out of range), and a rule with one
 * fires once per episode, again only after the episode ended.
 */
export const EPISODE_CONDITION_TYPES = [
  'speeding',
  'idling',
  'trip',
  'no_report',
  'temperature',
  'humidity',
  'battery',
] as const satisfies readonly RuleConditionType[];
export type EpisodeConditionType = (typeof EPISODE_CONDITION_TYPES)[number];

export const SPEED_UNITS = ['mph', 'kmh'] as const;
export type SpeedUnit = (typeof SPEED_UNITS)[number];
export const SPEED_UNIT_LABELS: Record<SpeedUnit, string> = { mph: 'mph', kmh: 'km/h' };
export const TEMPERATURE_UNITS = ['f', 'c'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
export const TEMPERATURE_UNIT_LABELS: Record<TemperatureUnit, string> = { f: '°F', c: '°C' };
export const TRIP_MOMENTS = ['started', 'ended'] as const;
export type TripMoment = (typeof TRIP_MOMENTS)[number];

/** Bounds of the episode conditions' numbers (what the form and the call accept). */
export const EPISODE_LIMITS = {
  speed: { min: 1, max: 500 },
  durationSeconds: { min: 0, max: 86_400 },
  idleMinutes: { min: 1, max: 1440 },
  silentHours: { min: 1, max: 720 },
  temperatureF: { min: -58, max: 302 },
  temperatureC: { min: -50, max: 150 },
  humidity: { min: 0, max: 100 },
  battery: { min: 1, max: 100 },
} as const;
export const RULE_ACTION_LABELS: Record<RuleActionType, string> = {
  send_command_to_tracker: 'Send command to tracker',
  send_webhook: 'Send webhook',
  send_text_message: 'Send text message',
  send_email: 'Send email',
};

/** message_content values and their labels (spec 001 §3, verbatim). */
export const MESSAGE_CONTENTS = ['position', 'alarms.disassemble'] as const;
export type MessageContent = (typeof MESSAGE_CONTENTS)[number];
export const MESSAGE_CONTENT_LABELS: Record<MessageContent, string> = {
  position: 'Position information',
  'alarms.disassemble': 'Tamper alarm',
};

export const GEOFENCE_TRIGGERS = ['enter', 'exit'] as const;
export type GeofenceTrigger = (typeof GEOFENCE_TRIGGERS)[number];

/** Device event types a rule may wait for (spec 001 §3 "Device event", and SLA breaches). */
export const RULE_EVENT_TYPES = [
  'geofence-enter',
  'geofence-exit',
  'low-battery',
  'tamper-alert',
  'sla-breach',
  'shipment-begin',
  'shipment-end',
  'shipment-late',
  'shipment-notify',
] as const;
export type RuleEventType = (typeof RULE_EVENT_TYPES)[number];
export const RULE_EVENT_TYPE_LABELS: Record<RuleEventType, string> = {
  'geofence-enter': 'Geofence enter',
  'geofence-exit': 'Geofence exit',
  'low-battery': 'Low battery',
  'tamper-alert': 'Tamper alert',
  'sla-breach': 'SLA breach',
  'shipment-begin': 'Shipment begin',
  'shipment-end': 'Shipment end',
  'shipment-late': 'Shipment late',
  'shipment-notify': 'Shipment notify',
};

/** The placeholders message and e-mail bodies accept (spec 001 §3). */
export const RULE_PLACEHOLDERS = ['{{name}}', '{{time}}', '{{map}}', '{{address}}'] as const;

/** Texts of the rule screens and calls: spec 001 verbatim, ours where it shows none. */
export const RULE_MESSAGES = {
  createTitle: 'Create New Rule',
  editTitle: 'Edit Rule',
  namePlaceholder: 'Untitled rule',
  throttle: 'Limit this rule to only trigger every N Hours',
  addCondition: 'Add Condition',
  addAction: 'Add Action',
  saved: (name: string) => `Rule "${name}" has been saved successfully`,
  deleted: (name: string) => `Rule "${name}" has been deleted`,
  error: 'An error occurred',
  // Ours: the spec shows no text for these.
  notAvailable: 'Rules are not available to this account',
  typeRequired: 'Choose a type',
  conditionsRequired: 'Add at least one condition',
  actionsRequired: 'Add at least one action',
  throttleHours: 'must be a number of hours from 0.01 to 8760',
  throttleHoursRequired: 'Enter the number of hours to wait between two firings',
  timeOfDay: 'must be a time of day, HH:mm',
  trackersRequired: 'Choose at least one tracker',
  valueRequired: 'Enter a value',
  triggersRequired: 'Choose enter, exit or both',
  geofenceRequired: 'Choose a geofence',
  typesRequired: 'Choose at least one event type',
  modelRequired: 'Choose a tracker model',
  commandRequired: 'Choose a command',
  urlInvalid: 'must be an http or https address',
  phoneInvalid: 'not valid phone',
  messageRequired: 'Enter the message',
  emailInvalid: 'not an email',
  emailsRequired: 'Enter at least one e-mail address',
  subjectRequired: 'Enter the subject',
  timezoneRequired: 'Choose a time zone',
  unknownTrackers: 'Every id in values must be a tracker you see in this account',
  unknownGeofence: 'The geofence must be one of the geofences of this account',
  unknownModel: 'The model must be one of the tracker models',
  unknownCommand: "The command must be one of the model's commands without arguments",
  unknownTimezone: 'The time zone must be one of the listed time zones',
  speed: 'Enter a speed from 1 to 500',
  speedUnit: 'Choose mph or km/h',
  durationSeconds: 'Enter the seconds it must last, from 0 to 86400',
  idleMinutes: 'Enter the minutes from 1 to 1440',
  silentHours: 'Enter the hours from 1 to 720',
  tripMoment: 'Choose started or ended',
  temperatureUnit: 'Choose °F or °C',
  temperatureF: 'Enter a temperature from -58 to 302 °F',
  temperatureC: 'Enter a temperature from -50 to 150 °C',
  humidity: 'Enter a humidity from 0 to 100 %',
  rangeOrder: 'The lowest value must be below the highest',
  battery: 'Enter a percentage from 1 to 100',
} as const;
const m = RULE_MESSAGES;

export const RULE_NAME_MAX = 255;
export const RULE_ITEMS_MAX = 20;
export const RULE_THROTTLE_HOURS_MAX = 8760;
export const RULE_TEXT_MAX = 2000;
export const RULE_EMAILS_MAX = 20;

const operator = z
  .enum(RULE_OPERATORS, { error: 'operator must be and or or' })
  .default('and')
  .describe('How this item joins the ones before it (and binds tighter than or)');

/** 'HH:mm' (00:00-23:59), as the time picker gives it (spec 001 §5 "Generic widgets"). */
export const timeOfDaySchema = z
  .string({ error: m.timeOfDay })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.timeOfDay);

const required = (message: string, max = 255) =>
  textSchema({ max, error: message }).min(1, message);

const emailSchema = textSchema({ max: 255 }).refine(
  (v) => z.email().safeParse(v).success,
  m.emailInvalid,
);
const phoneSchema = textSchema({ max: 32, error: m.phoneInvalid }).refine((v) => {
  const digits = v.replace(/\D/g, '');
  return /^\+?[\d\s().-]+$/.test(v) && digits.length >= 7 && digits.length <= 15;
}, m.phoneInvalid);
const urlSchema = textSchema({ max: 2000, error: m.urlInvalid }).refine((v) => {
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, m.urlInvalid);
/** An id chosen in a picker: the picker's message whatever was sent instead. */
const pickedId = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);
const timezoneIdSchema = pickedId(m.timezoneRequired);

/** A number typed in a field, from `min` to `max` (whole when `int`), else `message`. */
const bounded = (message: string, { min, max }: { min: number; max: number }, int = false) => {
  const n = z.number({ error: message }).min(min, message).max(max, message);
  return int ? n.int(message) : n;
};
const lowBelowHigh = (v: { min: number; max: number }) => v.min < v.max;
const rangeOrder = { message: m.rangeOrder, path: ['max'] };
const L = EPISODE_LIMITS;

export const ruleConditionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('tracker_list'),
      operator,
      data: z.object({ values: idListSchema.min(1, m.trackersRequired).max(10_000) }),
    }),
    z.object({
      type: z.literal('tracker_name'),
      operator,
      data: z.object({ value: required(m.valueRequired) }),
    }),
    z.object({
      type: z.literal('message_content'),
      operator,
      data: z.object({
        value: z.enum(MESSAGE_CONTENTS, { error: 'value must be position or alarms.disassemble' }),
      }),
    }),
    z.object({
      type: z.literal('geofence'),
      operator,
      data: z.object({
        triggers: z
          .array(z.enum(GEOFENCE_TRIGGERS, { error: m.triggersRequired }))
          .min(1, m.triggersRequired)
          .max(2),
        address: pickedId(m.geofenceRequired).describe('The geofence id'),
      }),
    }),
    z.object({
      type: z.literal('event_type'),
      operator,
      data: z.object({
        types: z
          .array(
            z.enum(RULE_EVENT_TYPES, {
              error: `each type must be one of ${RULE_EVENT_TYPES.join(', ')}`,
            }),
          )
          .min(1, m.typesRequired)
          .max(RULE_EVENT_TYPES.length),
      }),
    }),
    z.object({
      type: z.literal('event_time'),
      operator,
      data: z.object({ time_from: timeOfDaySchema, time_to: timeOfDaySchema }),
    }),
    z.object({
      type: z.literal('speeding'),
      operator,
      data: z.object({
        speed: bounded(m.speed, L.speed).describe('Above this speed, in `unit`'),
        unit: z.enum(SPEED_UNITS, { error: m.speedUnit }),
        duration_seconds: bounded(m.durationSeconds, L.durationSeconds, true).describe(
          'For at least this long (0: at once)',
        ),
      }),
    }),
    z.object({
      type: z.literal('idling'),
      operator,
      data: z.object({
        minutes: bounded(m.idleMinutes, L.idleMinutes, true).describe(
          'Ignition on while stopped for longer than this',
        ),
      }),
    }),
    z.object({
      type: z.literal('trip'),
      operator,
      data: z.object({ when: z.enum(TRIP_MOMENTS, { error: m.tripMoment }) }),
    }),
    z.object({
      type: z.literal('no_report'),
      operator,
      data: z.object({
        hours: bounded(m.silentHours, L.silentHours).describe('No accepted fix for this long'),
      }),
    }),
    z.object({
      type: z.literal('temperature'),
      operator,
      data: z
        .discriminatedUnion(
          'unit',
          [
            z.object({
              unit: z.literal('f'),
              min: bounded(m.temperatureF, L.temperatureF),
              max: bounded(m.temperatureF, L.temperatureF),
            }),
            z.object({
              unit: z.literal('c'),
              min: bounded(m.temperatureC, L.temperatureC),
              max: bounded(m.temperatureC, L.temperatureC),
            }),
          ],
          { error: m.temperatureUnit },
        )
        .refine(lowBelowHigh, rangeOrder)
        .describe('Holds below min or above max'),
    }),
    z.object({
      type: z.literal('humidity'),
      operator,
      data: z
        .object({ min: bounded(m.humidity, L.humidity), max: bounded(m.humidity, L.humidity) })
        .refine(lowBelowHigh, rangeOrder)
        .describe('Relative humidity %: holds below min or above max'),
    }),
    z.object({
      type: z.literal('battery'),
      operator,
      data: z.object({ below: bounded(m.battery, L.battery, true).describe('Percent') }),
    }),
  ],
  { error: `type must be one of ${RULE_CONDITION_TYPES.join(', ')}` },
);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

export const ruleActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('send_command_to_tracker'),
      operator,
      data: z.object({
        tracker_type: pickedId(m.modelRequired).describe('Model id'),
        command: pickedId(m.commandRequired).describe('Command id'),
      }),
    }),
    z.object({
      type: z.literal('send_webhook'),
      operator,
      data: z.object({ url: urlSchema }),
    }),
    z.object({
      type: z.literal('send_text_message'),
      operator,
      data: z.object({
        phone_number: phoneSchema,
        message: required(m.messageRequired, RULE_TEXT_MAX),
        timezone_id: timezoneIdSchema,
      }),
    }),
    z.object({
      type: z.literal('send_email'),
      operator,
      data: z.object({
        email_addresses: z
          .array(emailSchema, { error: m.emailsRequired })
          .min(1, m.emailsRequired)
          .max(RULE_EMAILS_MAX, `At most ${RULE_EMAILS_MAX} addresses`),
        subject: required(m.subjectRequired),
        body: textSchema({ max: RULE_TEXT_MAX, multiline: true }),
        timezone_id: timezoneIdSchema,
      }),
    }),
  ],
  { error: `type must be one of ${RULE_ACTION_TYPES.join(', ')}` },
);
export type RuleAction = z.infer<typeof ruleActionSchema>;

/** Throttle hours: free text in the form, a number or null in the call (spec 001 §5). */
const throttleHoursSchema = z
  .union([z.number(), z.string(), z.null()], { error: m.throttleHours })
  .transform((v, ctx) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isFinite(n) || n < 0.01 || n > RULE_THROTTLE_HOURS_MAX) {
      ctx.addIssue({ code: 'custom', message: m.throttleHours });
      return z.NEVER;
    }
    return n;
  });

const zeroOne = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'must be 0 or 1' })
  .transform((v) => v === true || v === 1);

const throttleRequired = (
  v: { throttle_enabled: boolean; throttle_hours: number | null },
  ctx: z.RefinementCtx,
) => {
  if (v.throttle_enabled && v.throttle_hours === null) {
    ctx.addIssue({ code: 'custom', path: ['throttle_hours'], message: m.throttleHoursRequired });
  }
};

const throttle = {
  throttle_enabled: zeroOne.default(false),
  throttle_hours: throttleHoursSchema.optional().transform((v) => v ?? null),
};

/** What decides when a rule fires, tried as edited: no condition replays every event. */
const whenItFires = {
  ...throttle,
  conditions: z
    .array(ruleConditionSchema)
    .max(RULE_ITEMS_MAX)
    .optional()
    .transform((v) => v ?? []),
};

/** A list a saved rule needs at least one of (issue 35.8: a rule without either did nothing). */
const atLeastOne = <T extends z.ZodType>(item: T, message: string) =>
  z.array(item, { error: message }).min(1, message).max(RULE_ITEMS_MAX);

/** POST /rules-engine and PUT /rules-engine/{id} (spec 001 §7 "Rules"). */
export const ruleSaveSchema = z
  .object({
    name: textSchema({
      max: RULE_NAME_MAX,
      tooLong: `The name may have at most ${RULE_NAME_MAX} characters`,
    })
      .optional()
      .transform((v) => v || m.namePlaceholder)
      .describe("Empty or absent: 'Untitled rule'"),
    is_enabled: zeroOne.default(true).describe('0 or 1 (true or false)'),
    ...throttle,
    conditions: atLeastOne(ruleConditionSchema, m.conditionsRequired),
    actions: atLeastOne(ruleActionSchema, m.actionsRequired),
  })
  .superRefine(throttleRequired);
export type RuleSave = z.infer<typeof ruleSaveSchema>;
export type RuleSaveInput = z.input<typeof ruleSaveSchema>;

/** One firing of a rule, as its page lists it. */
export const ruleFiringSchema = z.object({
  id: z.number().int(),
  fired_at: z.string(),
  device: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  trigger: z.string().describe('What set it off, in words'),
  outcomes: z.array(
    z.object({
      type: z.enum(RULE_ACTION_TYPES),
      status: z.enum(['queued', 'sent', 'failed']),
      detail: z.string().nullable(),
    }),
  ),
});
export type RuleFiring = z.infer<typeof ruleFiringSchema>;

/** A rule as the calls answer it (spec 001 §3 "Rule", 002 §3 "Rule (summary)"). */
export const ruleSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  is_enabled: z.union([z.literal(0), z.literal(1)]),
  throttle_enabled: z.boolean(),
  throttle_hours: z.number().nullable(),
  conditions: z.array(ruleConditionSchema),
  actions: z.array(ruleActionSchema),
  timezone: z.string().describe('IANA zone event_time conditions are read in'),
  last_fired_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Rule = z.infer<typeof ruleSchema>;

/** The days 'Test on the last 7 days' replays. */
export const RULE_TEST_DAYS = 7;
/** The most firings a test lists (the count goes on). */
export const RULE_TEST_SHOWN = 200;

/**
 * POST /rules-engine/test: the rule as the form holds it, saved or not. Only what decides
 * when it fires; actions are left out (nothing is sent), and it is tested as if enabled.
 */
export const ruleTestRequestSchema = z.object(whenItFires).superRefine(throttleRequired);
export type RuleTestRequest = z.infer<typeof ruleTestRequestSchema>;
export type RuleTestRequestInput = z.input<typeof ruleTestRequestSchema>;

/** POST /rules-engine/test and /rules-engine/{id}/test: when it would have fired; nothing is sent. */
export const ruleTestResultSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Positions and events replayed. */
  replayed: z.number().int(),
  /** Firings in all; `firings` lists the first RULE_TEST_SHOWN. */
  total: z.number().int(),
  firings: z.array(
    z.object({
      fired_at: z.string(),
      device: z.object({ id: z.number().int(), name: z.string() }),
      trigger: z.string(),
    }),
  ),
});
export type RuleTestResult = z.infer<typeof ruleTestResultSchema>;

/**
 * A rule fired (realtime event RuleFired on the account's events channel): shown as a toast
 * to the user who saved the rule, in the tabs they have open, when they see the tracker.
 */
export const ruleFiredSchema = z.object({
  rule_id: z.number().int(),
  rule_name: z.string(),
  user_id: z.number().int(),
  device_id: z.number().int(),
  device: z.object({ id: z.number().int(), name: z.string() }),
  fired_at: z.string(),
  trigger: z.string().describe('What set it off, in words'),
});
export type RuleFired = z.infer<typeof ruleFiredSchema>;
