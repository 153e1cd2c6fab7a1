/**
 * A stop as the tracker's stops call and saved reports show it. Stops come from the one
 * segmentation of a tracker's accepted fixes (trip/segmentation.rules.ts), stored as they end.
 */
export interface Stop {
  start_time: Date;
  end_time: Date;
  /** [lng, lat] of where the tracker stopped. */
  location: [number, number];
  lat: number;
  lng: number;
  /** Radius drawn on the map, in kilometres (spec: stops drawn at radius 0.1). */
  radius: number;
}

export const STOP_DRAW_RADIUS_KM = 0.1;
