import { distanceMetres, type RawPosition } from '@waymark/domain';

/**
 * Tracks for trip tests, written as a driver would tell them: legs of minutes at a speed
 * (0 = parked), a fix every 30 s heading east from Chicago. Expected figures come from the legs
 * and from `greatCircle` over the same fixes, never from the code under test.
 */
export interface Leg {
  minutes: number;
  kmh: number;
}

export const FIX_EVERY_MS = 30_000;

export function drive(
  serial: string,
  start: number,
  legs: Leg[],
  from: { lat: number; lng: number } = { lat: 41.88, lng: -87.63 },
): RawPosition[] {
  const fixes: RawPosition[] = [];
  let { lat, lng } = from;
  let time = start;
  for (const leg of legs) {
    for (let i = 0; i < (leg.minutes * 60_000) / FIX_EVERY_MS; i++) {
      const metres = (leg.kmh / 3.6) * (FIX_EVERY_MS / 1000);
      lng += (metres / (6_371_000 * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
      lat += 0.00001;
      time += FIX_EVERY_MS;
      fixes.push({
        serial,
        deviceTime: new Date(time),
        lat,
        lng,
        valid: true,
        fix: 'gps',
        speed: leg.kmh,
        speedUnit: 'kmh',
      });
    }
  }
  return fixes;
}

/** Parked 15 min, a drive of `minutes` at `kmh`, parked 15 min. */
export const parkDrivePark = (
  serial: string,
  start: number,
  minutes: number,
  kmh: number,
  from?: { lat: number; lng: number },
) =>
  drive(
    serial,
    start,
    [
      { minutes: 15, kmh: 0 },
      { minutes, kmh },
      { minutes: 15, kmh: 0 },
    ],
    from,
  );

/** The plain sum of great-circle hops between consecutive fixes, metres. */
export const greatCircle = (fixes: readonly { lat: number; lng: number }[]) =>
  fixes
    .slice(1)
    .reduce((sum, f, i) => sum + distanceMetres(fixes[i]!.lat, fixes[i]!.lng, f.lat, f.lng), 0);
