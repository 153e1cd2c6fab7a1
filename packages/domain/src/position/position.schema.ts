import { z } from 'zod';
import { filterReasonSchema } from './position-filter.schema';

export const FIXES = ['gps', 'wifi', 'cell', 'ble'] as const;
export const fixSchema = z.enum(FIXES);

/**
 * Temperatures a tracker may report or an SLA may bound, in °C: the SLA form invites -999 to
 * 999 °F (its placeholders), which is -572.8 to 537.2 °C.
 */
export const TEMPERATURE_RANGE_C = { min: -573, max: 538 } as const;
/** Altitudes a tracker may report, in metres: from below the deepest mine to a high balloon. */
export const ALTITUDE_M = { min: -12_000, max: 100_000 } as const;
/** A fix's accuracy radius in metres: a cell fix may be off by tens of kilometres. */
export const ACCURACY_M = { min: 0, max: 1_000_000 } as const;
/** Signal strength of a heard BLE beacon, in dBm. */
export const RSSI_DBM = { min: -200, max: 100 } as const;

/**
 * A position as the API and the realtime channel send it (spec 000 §3 "Position").
 * Speed is m/s, accuracy metres, temperature °C; screens convert for display.
 */
export const positionSchema = z.object({
  device_id: z.number().int(),
  /** [lng, lat], as map libraries take it. */
  location: z.tuple([z.number(), z.number()]),
  lat: z.number(),
  lng: z.number(),
  timestamp: z.string(),
  fix: fixSchema,
  speed: z.number().nullable(),
  course: z.number().nullable(),
  altitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  battery: z.number().nullable(),
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
  odometer: z.number().nullable(),
  address: z.string().nullable(),
  is_inside_geofences: z.boolean(),
});
export type ApiPosition = z.infer<typeof positionSchema>;

/**
 * A position of a tracker's history asked for with include_filtered: why the fix was filtered
 * (null when accepted). Filtered fixes move nothing and are shown greyed on the trail.
 */
export const historyPositionSchema = positionSchema.extend({
  filter_reason: filterReasonSchema.nullable().optional(),
});
export type HistoryPosition = z.infer<typeof historyPositionSchema>;

/** How many fixes of a tracker's range were filtered, and why (tracker details). */
export const filteredCountSchema = z.object({
  filtered: z.number().int(),
  by_reason: z.partialRecord(filterReasonSchema, z.number().int()),
});
export type FilteredCount = z.infer<typeof filteredCountSchema>;

/** The current position adds what motion tracking derived from history. */
export const currentPositionSchema = positionSchema.extend({
  last_movement_time: z.string().nullable(),
  last_movement_time_without_cell: z.string().nullable(),
  charging: z.boolean().nullable(),
  // Details and the realtime channel carry these; the lists' compact rows leave them out.
  ignition: z
    .boolean()
    .nullable()
    .optional()
    .describe('The ignition as the newest fix reported it; null when the device reports none'),
  engine_hours: z
    .number()
    .nullable()
    .optional()
    .describe("The engine's hour meter in hours, when the device reports one"),
  driver: z
    .string()
    .nullable()
    .optional()
    .describe("The driver's key (iButton, RFID card or driver number) the device read"),
});
export type CurrentPosition = z.infer<typeof currentPositionSchema>;

export const deviceEventSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  event_type: z.string(),
  description: z.string(),
  created_at: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type ApiDeviceEvent = z.infer<typeof deviceEventSchema>;

/** A stop as GET .../stops answers it: times in ISO 8601, location [lng, lat], radius in km. */
export const stopSchema = z.object({
  start_time: z.string(),
  end_time: z.string(),
  radius: z.number(),
  location: z.tuple([z.number(), z.number()]),
  address: z.string().nullable(),
});
export type ApiStop = z.infer<typeof stopSchema>;
