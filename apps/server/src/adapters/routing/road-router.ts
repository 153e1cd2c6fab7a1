/** A point as a routing engine takes it. */
export interface RoutePoint {
  lat: number;
  lng: number;
}

/** How far it is from one point to another by road, and how long it takes to drive. */
export interface RoadRoute {
  distanceM: number;
  /** Seconds of driving, or null when the router does not know. */
  durationS: number | null;
}

/**
 * Road distances for the predicted arrival of shipments: a routing engine speaking the OSRM
 * protocol when `ROUTING_URL` is set, else the great circle times the road factor.
 */
export interface RoadRouter {
  /**
   * True when the distances are measured along a road network. The great-circle router's are
   * the same estimate the shipment clock makes itself (where it refines the road factor with
   * the trip's own detour), so the clock asks only a router that measures roads.
   */
  readonly measuresRoads: boolean;
  /** The route between the points; rejects when the router cannot answer (or finds no road). */
  route(from: RoutePoint, to: RoutePoint): Promise<RoadRoute>;
}
