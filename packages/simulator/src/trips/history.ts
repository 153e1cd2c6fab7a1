import type { Fix } from './fix';
import { advance, createVehicle } from './vehicle';
import type { Vehicle } from './vehicle-state';

/**
 * The same vehicle as the live simulator, reporting less often (every 2–5 min driving, 30–60 min
 * parked) so that months of demo history for a fleet generate in seconds and load quickly.
 */
export function createHistoryVehicle(seed: number | string, from: Date): Vehicle {
  const vehicle = createVehicle(seed, { start: from });
  vehicle.movingIntervalMs = 1000 * Math.round(vehicle.rng.range(120, 300));
  vehicle.parkedIntervalMs = 1000 * Math.round(vehicle.rng.range(1800, 3600));
  return vehicle;
}

/** Fixes of one tracker from `from` to `to` (inclusive), oldest first; deterministic for a seed. */
export function generateHistory(seed: number | string, from: Date, to: Date): Fix[] {
  return advance(createHistoryVehicle(seed, from), to);
}
