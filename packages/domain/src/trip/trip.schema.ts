import { z } from 'zod';
import { idListParamSchema } from '../common/fields.schema';
import { pageMetaSchema } from '../http/envelope.schema';

/**
 * The fleet reports' API shapes (GET /api/accounts/{id}/trips, /stops, /summary). Units are
 * the API's: metres, metres per second, seconds; times ISO 8601; days are the account's.
 */
export const FLEET_REPORT_MESSAGES = {
  day: 'Use a date like 2026-11-30',
  order: 'The start date must be before the end date',
  tooLong: 'A report covers at most 366 days',
} as const;

export const FLEET_REPORT_MAX_DAYS = 366;
export const FLEET_REPORT_DEFAULT_DAYS = 7;

/** A calendar day, `YYYY-MM-DD` (format `date` in the OpenAPI document). */
const daySchema = z.iso.date({ error: FLEET_REPORT_MESSAGES.day });

export const SUMMARY_PERIODS = ['day', 'week', 'month'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];

export const fleetReportQuerySchema = z.object({
  device_ids: idListParamSchema.optional(),
  group_ids: idListParamSchema.optional(),
  /** First local day of the range (the account's zone); default a week before date_to. */
  date_from: daySchema.optional(),
  /** Last local day of the range, included; default today. */
  date_to: daySchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
});
export type FleetReportQuery = z.infer<typeof fleetReportQuerySchema>;

export const summaryQuerySchema = fleetReportQuerySchema.extend({
  period: z.enum(SUMMARY_PERIODS).default('day'),
});
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

export const tripEndSchema = z.object({
  time: z.string(),
  lat: z.number(),
  lng: z.number(),
  address: z.string().nullable(),
  geofence_id: z.number().int().nullable(),
  geofence_name: z.string().nullable(),
  /** The tracker's odometer there, metres. */
  odometer: z.number(),
});

export const tripSchema = z.object({
  /** Null for the ongoing trip, which is not stored until it ends. */
  id: z.number().int().nullable(),
  device_id: z.number().int(),
  device_name: z.string(),
  ongoing: z.boolean(),
  start: tripEndSchema,
  end: tripEndSchema,
  distance: z.number(),
  duration: z.number(),
  driving_time: z.number(),
  idle_time: z.number(),
  max_speed: z.number(),
  /** Distance over the trip's duration, m/s. */
  average_speed: z.number(),
  engine_hours: z.number().nullable(),
});
export type ApiTrip = z.infer<typeof tripSchema>;

export const fleetStopSchema = z.object({
  id: z.number().int().nullable(),
  device_id: z.number().int(),
  device_name: z.string(),
  ongoing: z.boolean(),
  start_time: z.string(),
  end_time: z.string(),
  duration: z.number(),
  lat: z.number(),
  lng: z.number(),
  address: z.string().nullable(),
  geofence_id: z.number().int().nullable(),
  geofence_name: z.string().nullable(),
});
export type ApiFleetStop = z.infer<typeof fleetStopSchema>;

export const summaryRowSchema = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  /** First local day of the period (a Monday for weeks, the 1st for months). */
  period_start: z.string(),
  distance: z.number(),
  driving_time: z.number(),
  idle_time: z.number(),
  stops: z.number().int(),
  trips: z.number().int(),
  max_speed: z.number().nullable(),
  first_fix: z.string().nullable(),
  last_fix: z.string().nullable(),
  engine_hours: z.number(),
  fuel_used: z.number(),
  filtered: z.number().int(),
});
export type ApiSummaryRow = z.infer<typeof summaryRowSchema>;

/** Totals over every row of the report (all pages). */
export const fleetTotalsSchema = z.object({
  rows: z.number().int(),
  distance: z.number(),
  duration: z.number(),
  driving_time: z.number(),
  idle_time: z.number(),
  max_speed: z.number().nullable(),
  stops: z.number().int(),
  trips: z.number().int(),
});
export type FleetTotals = z.infer<typeof fleetTotalsSchema>;

/** `{ data, meta, totals }`: a page of a fleet report and the totals of the whole range. */
export const fleetReportEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: pageMetaSchema.extend({
      date_from: z.string(),
      date_to: z.string(),
      timezone: z.string(),
    }),
    totals: fleetTotalsSchema,
  });
