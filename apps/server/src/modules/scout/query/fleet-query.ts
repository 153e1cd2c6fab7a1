import { z } from 'zod';
import { SHIPMENT_STATUSES } from '@waymark/domain';

/**
 * A question about the fleet as a typed query (issue 38, "A query, not an intent"): which
 * trackers, narrowed by which filters, measured how, over which time, added up how, and what
 * to do with the answer. The offline model's parser writes it from a question; a provider's
 * model writes it as the `fleet_query` tool's arguments. It lives in the Scout module, not
 * in the domain package, because only the server reads and runs it.
 *
 * Units are the API's (km, m/s, °C, hours); the answer converts to `units`.
 */

const ref = z.union([z.number().int(), z.string().min(1)]);

export const subjectSchema = z.object({
  /** Trackers by id, name or serial. */
  trackers: z.array(ref).optional(),
  group: ref.optional().describe('A group, by id or name'),
  model: z.string().optional().describe("Trackers whose model's title contains this"),
  /** Trackers whose name holds this word (e.g. "truck" for Truck 07, Truck 43). */
  name_word: z.string().optional(),
  shipment: z.string().optional().describe('The tracker of this shipment'),
  previous: z.boolean().optional().describe("The trackers of the dialog's last answer ('them')"),
});
export type QuerySubject = z.infer<typeof subjectSchema>;

const comparison = z.enum(['above', 'below']);

export const placeSchema = z.object({
  /** A geofence (by id or name), a tracker (its position) or a place's name (gazetteer). */
  geofence: ref.optional(),
  tracker: ref.optional(),
  text: z.string().optional(),
});
export type QueryPlace = z.infer<typeof placeSchema>;

export const filterSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('motion'),
    status: z.enum(['moving', 'stopped', 'offline']),
    /** "not moving": every other status (stopped or offline). */
    not: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('speed'), op: comparison, mps: z.number() }),
  z.object({ kind: z.literal('battery'), op: comparison, percent: z.number() }),
  z.object({ kind: z.literal('temperature'), op: comparison, celsius: z.number() }),
  z.object({ kind: z.literal('humidity'), op: comparison, percent: z.number() }),
  z.object({ kind: z.literal('last_report'), op: z.enum(['older', 'newer']), hours: z.number() }),
  z.object({ kind: z.literal('not_moved'), hours: z.number().positive() }),
  z.object({ kind: z.literal('overdue') }),
  z.object({ kind: z.literal('never_reported') }),
  /** The query's own measure over its days against a bound, in the measure's unit. */
  z.object({ kind: z.literal('measure'), op: comparison, value: z.number() }),
  z.object({ kind: z.literal('geofence'), inside: z.boolean(), geofence: ref.optional() }),
  z.object({ kind: z.literal('near'), place: placeSchema, km: z.number().positive() }),
]);
export type QueryFilter = z.infer<typeof filterSchema>;

export const MEASURES = [
  'list',
  'position',
  /** Moving, stopped or offline now (the trackers list's chips). */
  'status',
  /** When the tracker last reported. */
  'last_report',
  /** The geofences the tracker is inside now. */
  'geofence',
  'battery',
  'speed',
  'temperature',
  'humidity',
  'distance',
  'driving_time',
  'idle_time',
  'trips',
  'stops',
  /** The highest speed of the days (daily summaries). */
  'top_speed',
  'events',
  'eta',
  /** The shipments of `shipment_statuses` (all when absent). */
  'shipments',
  /**
   * How far each tracker's last position is from `area` (a geofence's centre, a tracker or a
   * place), in km; with aggregate min, the nearest ("which truck is closest to Dallas Hub").
   */
  'distance_from',
] as const;
export type QueryMeasure = (typeof MEASURES)[number];
/** Measures read from the trips and daily summaries of a range of days. */
export const RANGE_MEASURES = new Set<QueryMeasure>([
  'distance',
  'driving_time',
  'idle_time',
  'trips',
  'stops',
  'top_speed',
]);

export const timeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('now') }),
  z.object({
    kind: z.literal('relative'),
    name: z.enum(['today', 'yesterday', 'this_week', 'last_week', 'this_month', 'last_month']),
  }),
  z.object({ kind: z.literal('last_days'), days: z.number().int().min(1).max(366) }),
  z.object({ kind: z.literal('range'), from: z.iso.date(), to: z.iso.date() }),
]);
export type QueryTime = z.infer<typeof timeSchema>;

export const aggregateSchema = z.object({
  kind: z.enum(['list', 'count', 'sum', 'avg', 'max', 'min', 'top']),
  n: z.number().int().min(1).max(100).optional(),
  per_day: z.boolean().optional(),
});
export type QueryAggregate = z.infer<typeof aggregateSchema>;

export const ACTIONS = ['show_on_map', 'draw_area', 'filter_list', 'export_csv', 'open'] as const;
export type QueryAction = (typeof ACTIONS)[number];

export const fleetQuerySchema = z.object({
  subject: subjectSchema.default({}),
  filters: z.array(filterSchema).default([]),
  measure: z.enum(MEASURES).default('list'),
  time: timeSchema.default({ kind: 'now' }),
  aggregate: aggregateSchema.default({ kind: 'list' }),
  action: z.enum(ACTIONS).optional(),
  /**
   * What draw_area draws around (or show_on_map shows) when it is not the subject's trackers;
   * what distance_from measures from.
   */
  area: placeSchema.extend({ km: z.number().positive().max(50).optional() }).optional(),
  units: z.enum(['imperial', 'metric']).default('imperial'),
  shipment_statuses: z.array(z.enum(SHIPMENT_STATUSES)).optional(),
});
export type FleetQuery = z.infer<typeof fleetQuerySchema>;
