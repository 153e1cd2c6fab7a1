import { defineTool } from './scout-tool';
import { fleetQuerySchema } from './query/fleet-query';
import { runQuery } from './query/query-run';

/**
 * The fleet query as a tool (issue 38): the offline model's parser and a provider's model
 * both ask their questions through it, so both read the same trackers, summaries and
 * shipments with the user's actor.
 */
export const queryTools = [
  defineTool({
    name: 'fleet_query',
    description:
      'Answer a question about the fleet: which trackers (subject), narrowed by filters (moving or stopped now, speed, battery, temperature, humidity, last report age, inside or near a geofence or place), a measure (position, battery, speed, temperature, humidity, distance, driving or idle time, trips, stops, eta of a shipment, distance_from the area: with aggregate min the trackers nearest to a geofence, tracker or place) over a time (now, today, yesterday, last week, a range of days in the account zone), an aggregate (count, sum, avg, max, min, top N, per day) and an action (show on map, draw area, filter list, export CSV, open). Units: km, m/s, °C.',
    parameters: fleetQuerySchema,
    async run(fleet, query) {
      return { result: await runQuery(fleet, query) };
    },
  }),
];
