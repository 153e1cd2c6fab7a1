import { z } from 'zod';
import { DEFAULT_DWELL_PERIOD } from './dwell.rules';

/** Spec 000 §5 and §8 texts of the dwell dashboard. */
export const DWELL_MESSAGES = {
  notANumber: 'Please enter a number',
  geofenceGone: 'Sorry, this geofence no longer exists',
  deviceData: "Cannot get device's data",
  fetchFailed: 'Error fetching dwell',
  period: 'must be 30, 60 or 90',
} as const;

/** 'Error setting {field}' (spec 000 §8), with the field as the table names it. */
export const dwellSettingError = (field: string) => `Error setting ${field}`;

/** `period` query value: 30, 60 or 90 days back from now, default 30. */
export const dwellPeriodSchema = z
  .enum(['30', '60', '90'], { error: DWELL_MESSAGES.period })
  .default(String(DEFAULT_DWELL_PERIOD) as '30')
  .transform(Number)
  .describe('Look-back period in days: 30, 60 or 90 (default 30)');

export const dwellGeofenceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  allowable_dwell_days: z
    .number()
    .int()
    .nullable()
    .describe('Dwell SLA in days; null or 0 means no SLA'),
  min_assets: z.number().int().nullable(),
  max_assets: z.number().int().nullable(),
  period: z.number().int().describe('The look-back period these figures cover, in days'),
  devices_count: z
    .number()
    .int()
    .describe('Devices inside the geofence now (an open visit), whatever the period'),
  avg_time: z
    .number()
    .int()
    .nullable()
    .describe(
      'Mean duration in seconds of the visits that overlap the period, each clipped to the ' +
        'period; a visit still open counts up to now. Null when no visit overlaps the period',
    ),
  average_dwell_time_percentage: z
    .number()
    .nullable()
    .describe(
      'avg_time / (allowable_dwell_days × 86,400) × 100, one decimal; null without an SLA ' +
        'or without visits in the period',
    ),
  assets_exceeding_dwell: z
    .number()
    .int()
    .describe(
      'Devices inside now that entered more than allowable_dwell_days ago; 0 without an SLA',
    ),
});
export type DwellGeofence = z.infer<typeof dwellGeofenceSchema>;

export const dwellDeviceSchema = z.object({
  device: z.object({
    id: z.number().int(),
    name: z.string(),
    groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  days_spent_since_entry: z
    .number()
    .int()
    .describe('Whole days since the device entered the geofence (its open visit)'),
  entered_at: z.string().describe('When the open visit began (ISO 8601)'),
});
export type DwellDevice = z.infer<typeof dwellDeviceSchema>;

/** The geofence fields the dwell table edits in place (through PUT geofences/{id}). */
export const DWELL_SETTING_FIELDS = ['allowable_dwell_days', 'min_assets', 'max_assets'] as const;
export type DwellSettingField = (typeof DWELL_SETTING_FIELDS)[number];
