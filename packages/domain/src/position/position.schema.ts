import { z } from 'zod';

export const FIXES = ['gps', 'wifi', 'cell', 'ble'] as const;
export const fixSchema = z.enum(FIXES);

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

/** The current position adds what motion tracking derived from history. */
export const currentPositionSchema = positionSchema.extend({
  last_movement_time: z.string().nullable(),
  last_movement_time_without_cell: z.string().nullable(),
  charging: z.boolean().nullable(),
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
