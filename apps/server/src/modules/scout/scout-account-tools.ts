import { z } from 'zod';
import {
  polygonGeometrySchema,
  SHIPMENT_STATUS_LABELS,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
} from '@waymark/domain';
import { accountEvents } from '../alerts/alerts.service';
import { dwellTable } from '../dwell/dwell.service';
import { createGeofence } from '../geofences/geofences.service';
import { listShipments } from '../shipments/shipments.service';
import { asResult, defineTool, findTracker, LISTED_MAX } from './scout-tool';
import { circlePolygon } from './scout-geometry';

const LATE: ShipmentStatus[] = ['running-late', 'completed-late'];

/** Tools reading geofences, shipments, alerts and dwell, and the one that writes a geofence. */
export const accountTools = [
  defineTool({
    name: 'list_geofences',
    description: 'The geofences of the account, optionally only those whose name contains `query`.',
    parameters: z.object({ query: z.string().optional() }),
    async run(fleet, { query }) {
      const needle = (query ?? '').trim().toLowerCase();
      const geofences = (await fleet.geofences()).filter((g) =>
        g.name.toLowerCase().includes(needle),
      );
      return {
        result: {
          count: geofences.length,
          geofences: geofences.slice(0, LISTED_MAX).map((g) => ({
            id: g.id,
            name: g.name,
            address: g.address,
            lat: g.lat,
            lng: g.lng,
            devices_count: g.devices_count,
          })),
        },
      };
    },
  }),
  defineTool({
    name: 'list_shipments',
    description:
      'Shipments the user sees. `status`: one of not-started, in-progress, running-late, completed, completed-late; `late: true` gives running-late and completed-late ones.',
    parameters: z.object({
      status: z.enum(SHIPMENT_STATUSES).optional(),
      late: z.boolean().optional(),
    }),
    run: (fleet, { status, late }) =>
      asResult(async () => {
        const statuses = status ? [status] : late ? LATE : undefined;
        const shipments = await listShipments(
          fleet.ctx,
          fleet.actor,
          { key: 'general', statuses },
          { includeDevice: true },
        );
        return {
          result: {
            count: shipments.length,
            shipment_ids: shipments.map((s) => s.id),
            shipments: shipments.slice(0, LISTED_MAX).map((s) => ({
              id: s.id,
              name: s.name,
              status: SHIPMENT_STATUS_LABELS[s.status],
              tracker: s.device ?? null,
              end_at: s.end_at,
              estimated_end_at: s.estimated_end_at,
            })),
          },
        };
      }),
  }),
  defineTool({
    name: 'recent_events',
    description:
      'Alerts (device events: geofence enter/exit, low battery, …) of the last `hours` hours (default 24), of one tracker or of all.',
    parameters: z.object({
      tracker: z.union([z.string(), z.number()]).optional(),
      hours: z.number().positive().max(2160).optional(),
    }),
    run: (fleet, { tracker: ref, hours = 24 }) =>
      asResult(async () => {
        const tracker = ref === undefined ? undefined : findTracker(await fleet.trackers(), ref);
        if (ref !== undefined && !tracker) {
          return { result: { error: `No tracker called "${ref}" among the trackers you can see` } };
        }
        const from = new Date(fleet.now.getTime() - hours * 3_600_000);
        const { rows, total } = await accountEvents(
          fleet.ctx,
          fleet.actor,
          { deviceId: tracker?.id, from, to: fleet.now },
          { limit: 50, offset: 0 },
        );
        return { result: { count: total, hours, events: rows } };
      }),
  }),
  defineTool({
    name: 'dwell_times',
    description:
      'How long trackers have stayed in each geofence (dwell), optionally of one geofence by name.',
    parameters: z.object({ geofence: z.string().optional() }),
    run: (fleet, { geofence }) =>
      asResult(async () => {
        const rows = await dwellTable(fleet.ctx, fleet.actor, { period: 30, search: geofence });
        return { result: { geofences: rows.slice(0, LISTED_MAX) } };
      }),
  }),
  defineTool({
    name: 'create_geofence',
    description:
      'Create a geofence. Only call this after the user has explicitly confirmed, and pass confirmed=true. Give a polygon, or a tracker (a circle around its position) or lat/lng, with radius_km (default 0.25).',
    parameters: z.object({
      name: z.string().min(1),
      confirmed: z.boolean(),
      polygon: polygonGeometrySchema.optional(),
      tracker: z.union([z.string(), z.number()]).optional(),
      lat: z.number().min(-90).max(90).optional(),
      lng: z.number().min(-180).max(180).optional(),
      radius_km: z.number().positive().max(50).optional(),
    }),
    run: (fleet, args) =>
      asResult(async () => {
        if (!args.confirmed) {
          return { result: { error: 'Ask the user to confirm before creating a geofence' } };
        }
        let centre =
          args.lat !== undefined && args.lng !== undefined
            ? { lat: args.lat, lng: args.lng, label: `${args.lat}, ${args.lng}` }
            : undefined;
        if (args.tracker !== undefined) {
          const tracker = findTracker(await fleet.trackers(), args.tracker);
          const p = tracker?.current_position;
          if (!p) return { result: { error: `No position of "${args.tracker}" to draw around` } };
          centre = { lat: p.lat, lng: p.lng, label: p.address ?? `${p.lat}, ${p.lng}` };
        }
        const polygon =
          args.polygon ?? (centre ? circlePolygon(centre, args.radius_km ?? 0.25) : undefined);
        if (!polygon) return { result: { error: 'Give a polygon, a tracker or lat and lng' } };
        const first = polygon.coordinates[0]![0]!;
        const address = centre ?? {
          lat: first[1]!,
          lng: first[0]!,
          label: `${first[1]}, ${first[0]}`,
        };
        const id = await createGeofence(fleet.ctx, fleet.actor, {
          name: args.name,
          address,
          is_irregular: 1,
          geo_json: polygon,
        } as never);
        return { result: { created: { id, name: args.name } } };
      }),
  }),
];
