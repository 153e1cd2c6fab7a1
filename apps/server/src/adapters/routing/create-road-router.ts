import { greatCircleRouter } from './great-circle-router';
import { osrmRouter } from './osrm-router';
import type { RoadRouter } from './road-router';

/** The OSRM-compatible engine of ROUTING_URL; the great circle times the road factor by default. */
export function createRoadRouter(config: { ROUTING_URL?: string | undefined }): RoadRouter {
  return config.ROUTING_URL ? osrmRouter(config.ROUTING_URL) : greatCircleRouter();
}
