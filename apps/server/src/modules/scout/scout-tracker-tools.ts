import { z } from 'zod';
import { distanceMetres, LOW_BATTERY, matchesTrackerSearch } from '@waymark/domain';
import { deviceHistory } from '../positions/positions.service';
import { lowOnBattery, notMovedFor, overdue } from './scout-fleet';
import {
  defineTool,
  findNamed,
  findTracker,
  trackerList,
  trackerSummary,
  type ToolOutcome,
} from './scout-tool';

const trackerRef = z
  .union([z.string(), z.number()])
  .describe('The tracker: its id, name or serial');

const noTracker = (ref: string | number): ToolOutcome => ({
  result: { error: `No tracker called "${ref}" among the trackers you can see` },
});

/** Tools reading trackers: the trackers list and a tracker's positions. */
export const trackerTools = [
  defineTool({
    name: 'search_trackers',
    description:
      'List the trackers the user sees, optionally only those whose name, serial or address contains `query`.',
    parameters: z.object({ query: z.string().optional() }),
    async run(fleet, { query }) {
      const trackers = await fleet.trackers();
      return { result: trackerList(trackers.filter((t) => matchesTrackerSearch(t, query ?? ''))) };
    },
  }),
  defineTool({
    name: 'tracker_location',
    description:
      'Where a tracker is: its last position (lat, lng), address, time of the last fix, battery and the geofences it is in.',
    parameters: z.object({ tracker: trackerRef }),
    async run(fleet, { tracker: ref }) {
      const tracker = findTracker(await fleet.trackers(), ref);
      if (!tracker) return noTracker(ref);
      const inside = new Set(await fleet.geofencesAt(tracker));
      const geofences = (await fleet.geofences())
        .filter((g) => inside.has(g.id))
        .map((g) => ({ id: g.id, name: g.name }));
      return { result: { ...trackerSummary(tracker), geofences } };
    },
  }),
  defineTool({
    name: 'tracker_history',
    description:
      'The positions of a tracker over the last `hours` hours (default 24): how many, the first and the last, and the distance covered.',
    parameters: z.object({
      tracker: trackerRef,
      hours: z.number().positive().max(2160).optional(),
    }),
    async run(fleet, { tracker: ref, hours = 24 }) {
      const tracker = findTracker(await fleet.trackers(), ref);
      if (!tracker) return noTracker(ref);
      const to = fleet.now;
      const from = new Date(to.getTime() - hours * 3_600_000);
      const positions = await deviceHistory(fleet.ctx, fleet.actor, tracker.id, {
        date_from: from,
        date_to: to,
      });
      const point = (p: (typeof positions)[number] | undefined) =>
        p ? { time: p.timestamp, lat: p.lat, lng: p.lng, address: p.address } : null;
      let metres = 0;
      for (let i = 1; i < positions.length; i++) {
        const a = positions[i - 1]!;
        const b = positions[i]!;
        metres += distanceMetres(a.lat, a.lng, b.lat, b.lng);
      }
      return {
        result: {
          tracker: { id: tracker.id, name: tracker.name },
          hours,
          positions: positions.length,
          first: point(positions[0]),
          last: point(positions.at(-1)),
          distance_km: Math.round(metres / 100) / 10,
        },
      };
    },
  }),
  defineTool({
    name: 'trackers_not_moved',
    description:
      'Trackers that have not moved for at least `hours` hours (default 24): the trackers list’s "not moved" filter.',
    parameters: z.object({ hours: z.number().positive().max(4800).optional() }),
    async run(fleet, { hours = 24 }) {
      const trackers = await fleet.trackers();
      return {
        result: trackerList(
          trackers.filter((t) => notMovedFor(t, hours, fleet.now)),
          { hours },
        ),
      };
    },
  }),
  defineTool({
    name: 'trackers_low_battery',
    description: `Trackers whose battery is below \`below\` percent (default ${LOW_BATTERY}, the red badge).`,
    parameters: z.object({ below: z.number().min(1).max(100).optional() }),
    async run(fleet, { below = LOW_BATTERY }) {
      const trackers = (await fleet.trackers()).filter((t) => lowOnBattery(t, below));
      trackers.sort((a, b) => a.current_position!.battery! - b.current_position!.battery!);
      return { result: trackerList(trackers, { below }) };
    },
  }),
  defineTool({
    name: 'trackers_overdue',
    description:
      "Trackers whose report is overdue: the last fix plus the model's expected report interval is in the past.",
    parameters: z.object({}),
    async run(fleet) {
      const trackers = await fleet.trackers();
      return { result: trackerList(trackers.filter((t) => overdue(t, fleet.now))) };
    },
  }),
  defineTool({
    name: 'trackers_by_geofence',
    description:
      'Trackers inside (inside=true) or outside (inside=false) a geofence named `geofence`, or inside any / outside every geofence when no geofence is named.',
    parameters: z.object({
      geofence: z.union([z.string(), z.number()]).optional(),
      inside: z.boolean(),
    }),
    async run(fleet, { geofence: ref, inside }) {
      const trackers = await fleet.trackers();
      if (ref === undefined || ref === '') {
        // The list's own flag (the green marker): inside at least one geofence.
        const matching = trackers.filter(
          (t) => (t.current_position?.is_inside_geofences ?? false) === inside,
        );
        return { result: trackerList(matching, { inside, geofence: null }) };
      }
      const geofence = findNamed(await fleet.geofences(), ref);
      if (!geofence) return { result: { error: `No geofence called "${ref}" in this account` } };
      const matching = [];
      for (const t of trackers) {
        if (!t.current_position) continue;
        const isIn = (await fleet.geofencesAt(t)).includes(geofence.id);
        if (isIn === inside) matching.push(t);
      }
      return {
        result: trackerList(matching, {
          inside,
          geofence: { id: geofence.id, name: geofence.name },
        }),
      };
    },
  }),
  defineTool({
    name: 'trackers_in_group',
    description: 'Trackers of a group, by the group’s name or id.',
    parameters: z.object({ group: z.union([z.string(), z.number()]) }),
    async run(fleet, { group: ref }) {
      const group = findNamed(await fleet.groups(), ref);
      if (!group)
        return { result: { error: `No group called "${ref}" among the groups you can see` } };
      const trackers = (await fleet.trackers()).filter((t) => t.group_ids.includes(group.id));
      return { result: trackerList(trackers, { group: { id: group.id, name: group.name } }) };
    },
  }),
];
