import { distanceMetres, ROAD_FACTOR } from '@waymark/domain';
import type { RoadRouter } from './road-router';

/**
 * The default without a routing engine: the great-circle distance times the road factor (the
 * detour index of roads, `ROAD_FACTOR`), with no driving time. Offline and instant.
 */
export function greatCircleRouter(factor = ROAD_FACTOR): RoadRouter {
  return {
    measuresRoads: false,
    route(from, to) {
      const distanceM = distanceMetres(from.lat, from.lng, to.lat, to.lng) * factor;
      return Promise.resolve({ distanceM, durationS: null });
    },
  };
}
