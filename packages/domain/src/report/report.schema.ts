import { z } from 'zod';
import { dateTimeSchema, MAX_ID } from '../common/fields.schema';
import { positionSchema, stopSchema } from '../position/position.schema';

/** Messages of the report screens and calls: spec 001 §2, §8 verbatim, ours where it shows none. */
export const REPORT_MESSAGES = {
  noReports: 'No reports have been created',
  noAddresses: 'No addresses for this date range',
  noAlerts: 'No alerts for this date range',
  deleteConfirm: 'Are you sure you want to delete this report?',
  copied: 'Copied!',
  accessDenied: 'Access denied',
  // Ours: the spec shows no text for these.
  trackerRequired: 'tracker is required',
  dateRequired: 'date is required',
  endBeforeStart: 'The end date must be after the start date',
  futureDate: 'The date range must not reach into the future',
  unknownTracker: 'The tracker must be one of the trackers you see in this account',
  rangeTooLong: (days: number) => `The date range may cover at most ${days} days`,
  tooManyPositions: (max: number) =>
    `The range holds more than ${max.toLocaleString('en-US')} positions; choose a shorter range`,
} as const;
const m = REPORT_MESSAGES;

/** The longest range one report covers (the position downloads' limit, spec 000 §5). */
export const REPORT_MAX_DAYS = 90;
/** The most positions one report keeps: a 30 s tracker over 69 days. */
export const REPORT_MAX_POSITIONS = 200_000;
/** How far an end may lie ahead of the server's clock (the browser's clock may run fast). */
export const REPORT_FUTURE_SLACK_MS = 60_000;

/** The figures of a report, over its range (ReportSummary of the contract). */
export const reportSummarySchema = z.object({
  distance_miles: z
    .number()
    .describe("The odometer's distance over the range's accepted fixes, as the daily summaries"),
  moving_seconds: z.number().describe('Driving time: hops at 5 km/h or more'),
  stopped_seconds: z.number().describe("The stops' time inside the range"),
  stops: z.number().int().describe('How many stops the report lists'),
  max_mph: z.number().describe("The highest reported, else implied, speed of the range's fixes"),
  avg_mph: z.number().describe('distance / moving time; 0 without moving time'),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** One alert of the range, as the report keeps it. */
export const reportEventSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  description: z.string(),
  event_type: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  address: z.string().nullable(),
});
export type ReportEvent = z.infer<typeof reportEventSchema>;

/** A report in lists and after create or update (spec 001 §3 "Report"). */
export const reportSchema = z.object({
  id: z.number().int(),
  uuid: z.string().describe('Always present; the public link works only while is_public'),
  is_public: z.boolean(),
  start_at: z.string(),
  end_at: z.string(),
  created_at: z.string(),
  include_positions: z.boolean(),
  include_sensors: z.boolean(),
  include_alerts: z.boolean(),
  include_geofence_name: z.boolean(),
  device: z
    .object({ id: z.number().int(), name: z.string(), account_id: z.number().int() })
    .describe('The tracker, named as it was when the report was made'),
});
export type ApiReport = z.infer<typeof reportSchema>;

/** The parts a report stored when it was made (its snapshot) and the figures over them. */
const snapshotShape = {
  positions: z.array(positionSchema).describe('The snapshot, oldest first'),
  stops: z
    .array(stopSchema)
    .describe('The stored stops the range overlaps, each whole (the tracker details’ stops)'),
  events: z.array(reportEventSchema),
  summary: reportSummarySchema,
};

/** GET /accounts/{id}/reports/{id}: the report with its snapshot. */
export const reportDetailsSchema = reportSchema.extend(snapshotShape);
export type ApiReportDetails = z.infer<typeof reportDetailsSchema>;

/** GET /public-reports/{uuid}: only what the public page shows. */
export const publicReportSchema = z.object({
  uuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  device: z.object({ name: z.string() }),
  ...snapshotShape,
});
export type ApiPublicReport = z.infer<typeof publicReportSchema>;

const flag = (what: string) =>
  z.boolean({ error: 'must be true or false' }).default(true).describe(`${what} (default true)`);

const dateField = dateTimeSchema({ error: m.dateRequired });

/** POST /accounts/{id}/reports (spec 001 §3 create payload; the range is UTC, §5). */
export const reportCreateSchema = z
  .object({
    device_id: z
      .number({ error: m.trackerRequired })
      .int(m.trackerRequired)
      .min(1, m.trackerRequired)
      .max(MAX_ID, m.trackerRequired)
      .describe('The tracker whose history the report keeps'),
    start_at: dateField.describe("ISO 8601 or 'yyyy-MM-dd HH:mm:ss' (UTC)"),
    end_at: dateField.describe("ISO 8601 or 'yyyy-MM-dd HH:mm:ss' (UTC); not in the future"),
    include_positions: flag('Keep the positions (the Addresses list and the track)'),
    include_sensors: flag('Keep battery, temperature and humidity of each position'),
    include_alerts: flag('Keep the alerts of the range'),
    include_geofence_name: flag('Keep whether each position was inside a geofence'),
  })
  .superRefine((v, ctx) => checkRange(v, ctx, new Date()));
export type ReportCreate = z.infer<typeof reportCreateSchema>;
export type ReportCreateInput = z.input<typeof reportCreateSchema>;

/** End after start, neither in the future, at most REPORT_MAX_DAYS apart. */
function checkRange(v: { start_at: Date; end_at: Date }, ctx: z.RefinementCtx, now: Date) {
  const latest = now.getTime() + REPORT_FUTURE_SLACK_MS;
  for (const field of ['start_at', 'end_at'] as const) {
    if (v[field].getTime() > latest) {
      ctx.addIssue({ code: 'custom', path: [field], message: m.futureDate });
    }
  }
  if (v.end_at <= v.start_at) {
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: m.endBeforeStart });
  } else if (v.end_at.getTime() - v.start_at.getTime() > REPORT_MAX_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: m.rangeTooLong(REPORT_MAX_DAYS) });
  }
}

/** PUT /accounts/{id}/reports/{id}: publish or unpublish (spec 001 §4). */
export const reportUpdateSchema = z.object({
  is_public: z
    .boolean({ error: 'is_public must be true or false' })
    .describe('true publishes the report at /reports/view/{uuid}; false makes the uuid 404'),
});
export type ReportUpdate = z.infer<typeof reportUpdateSchema>;
