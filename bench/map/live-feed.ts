import pg from 'pg';
import { MAP_REDRAW_MS } from '../../apps/web/src/map/liveRedraw';

/**
 * How often the bare page redraws live moves of `markers` markers, the way a page that clusters
 * inside MapLibre must: the whole collection sent again costs a long task at 100,000 markers,
 * so it redraws less often (1 s per 100,000 markers, never under MAP_REDRAW_MS). The app's
 * trackers layer clusters in its own worker instead.
 */
export function liveRedrawMs(markers: number) {
  return Math.max(MAP_REDRAW_MS, Math.round(markers / 100));
}

export interface FleetPoint {
  id: number;
  serial: string;
  lat: number;
  lng: number;
}

/** Every tracker's current position, read from the database (for the bare page and the feed). */
export async function fleetPoints(databaseUrl: string, accountId: number): Promise<FleetPoint[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<FleetPoint>(
      `SELECT d.id, d.serial, p.lat, p.lng FROM devices d
       JOIN current_positions p ON p.device_id = d.id WHERE d.account_id = $1 ORDER BY d.id`,
      [accountId],
    );
    return rows;
  } finally {
    await client.end();
  }
}

export function toGeoJson(points: readonly FleetPoint[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      id: p.id,
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      properties: { id: p.id },
    })),
  };
}

/**
 * Sends `rate` positions a second for `seconds` through the real ingest
 * (POST /api/ingest/positions with the account's API token): random trackers, each moved a
 * little. Returns how many were accepted.
 */
export async function feedPositions(
  url: string,
  apiToken: string,
  points: FleetPoint[],
  rate: number,
  seconds: number,
) {
  let accepted = 0;
  let rejected = 0;
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const started = Date.now();
  for (let s = 0; s < seconds; s++) {
    const positions = Array.from({ length: rate }, () => {
      const p = points[Math.floor(random() * points.length)]!;
      p.lat += (random() - 0.5) * 0.01;
      p.lng += (random() - 0.5) * 0.01;
      return {
        serial: p.serial,
        timestamp: new Date().toISOString(),
        lat: p.lat,
        lng: p.lng,
        speed: random() * 25,
        battery: 50 + Math.floor(random() * 50),
      };
    });
    const response = await fetch(`${url}/api/ingest/positions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ positions }),
    });
    if (!response.ok) throw new Error(`ingest answered ${response.status}`);
    const body = (await response.json()) as { data: { accepted: number; rejected: unknown[] } };
    accepted += body.data.accepted;
    rejected += body.data.rejected.length;
    // One batch per second, on the second.
    const wait = started + (s + 1) * 1000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return { accepted, rejected, seconds: (Date.now() - started) / 1000 };
}
