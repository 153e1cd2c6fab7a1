import { z } from 'zod';
import { isoOfMs } from '../device/device-rows';
import { filterReasonSchema } from './position-filter.schema';
import { fixSchema, type HistoryPosition } from './position.schema';

const numbers = z.array(z.number());
const nullableNumbers = z.array(z.number().nullable());

/**
 * A tracker's history as columns (`GET …/devices/{id}/positions?format=columns`): one array
 * per field, all as long as `times`, index i of each being fix i, oldest first; times as epoch
 * milliseconds. Tracker details draws 86,400 fixes (10 days at 10 s): as objects that was 28
 * MB of repeated keys and ISO times to build, send and parse, and the charts, the trail and the
 * replay then copied the values out again; as columns it is a third of the size and the
 * screen reads the arrays as they come. Holds what the default form holds, less the repeats
 * (`device_id` once, `location` is `[lng, lat]`).
 */
export const historyColumnsSchema = z.object({
  device_id: z.number().int(),
  times: numbers,
  lat: numbers,
  lng: numbers,
  fix: z.array(fixSchema),
  speed: nullableNumbers,
  course: nullableNumbers,
  altitude: nullableNumbers,
  accuracy: nullableNumbers,
  battery: nullableNumbers,
  temperature: nullableNumbers,
  humidity: nullableNumbers,
  odometer: nullableNumbers,
  address: z.array(z.string().nullable()),
  is_inside_geofences: z.array(z.boolean()),
  /** With include_filtered only: why each fix was filtered, null for accepted ones. */
  filter_reason: z.array(filterReasonSchema.nullable()).optional(),
});
export type HistoryColumns = z.infer<typeof historyColumnsSchema>;

/**
 * A history position's fields after its time, in the order both compact forms write them: a
 * report's `format=rows` (after `timestamp`) and the history's `format=columns` (after `times`).
 */
export const POSITION_FIELDS_AFTER_TIME = [
  'lat',
  'lng',
  'fix',
  'speed',
  'course',
  'altitude',
  'accuracy',
  'battery',
  'temperature',
  'humidity',
  'odometer',
  'address',
  'is_inside_geofences',
] as const;

/** The column names after `device_id`, in the order the server writes them. */
export const HISTORY_COLUMNS = [
  'times',
  ...POSITION_FIELDS_AFTER_TIME,
] as const satisfies readonly (keyof HistoryColumns)[];

/** The columns as the positions the default JSON form sends for the same range. */
export function positionsOfColumns(c: HistoryColumns): HistoryPosition[] {
  return c.times.map((time, i) => ({
    device_id: c.device_id,
    location: [c.lng[i]!, c.lat[i]!],
    lat: c.lat[i]!,
    lng: c.lng[i]!,
    timestamp: isoOfMs(time),
    fix: c.fix[i]!,
    speed: c.speed[i] ?? null,
    course: c.course[i] ?? null,
    altitude: c.altitude[i] ?? null,
    accuracy: c.accuracy[i] ?? null,
    battery: c.battery[i] ?? null,
    temperature: c.temperature[i] ?? null,
    humidity: c.humidity[i] ?? null,
    odometer: c.odometer[i] ?? null,
    address: c.address[i] ?? null,
    is_inside_geofences: c.is_inside_geofences[i] === true,
    ...(c.filter_reason && { filter_reason: c.filter_reason[i] ?? null }),
  }));
}
