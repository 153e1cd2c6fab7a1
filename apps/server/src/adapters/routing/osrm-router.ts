import type { RoadRoute, RoadRouter } from './road-router';

/**
 * An answer slower than this is not waited for: the shipment clock falls back to the great
 * circle and asks again later, so a slow engine never holds up a prediction.
 */
export const ROUTING_TIMEOUT_MS = 2000;

/**
 * A routing engine speaking the OSRM HTTP API (ROUTING_URL, e.g. `http://osrm:5000` or a
 * hosted OSRM-compatible service; a key goes in the URL's query): `GET
 * {base}/route/v1/driving/{lng},{lat};{lng},{lat}?overview=false` answers
 * `{ code: 'Ok', routes: [{ distance, duration }] }` in metres and seconds.
 */
export function osrmRouter(
  baseUrl: string,
  { timeoutMs = ROUTING_TIMEOUT_MS, fetchImpl = fetch } = {},
): RoadRouter {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  return {
    measuresRoads: true,
    async route(from, to) {
      const url = new URL(base);
      const coordinates = `${from.lng.toFixed(6)},${from.lat.toFixed(6)};${to.lng.toFixed(6)},${to.lat.toFixed(6)}`;
      url.pathname = `${prefix}/route/v1/driving/${coordinates}`;
      url.searchParams.set('overview', 'false');
      const response = await fetchImpl(url, {
        headers: { accept: 'application/json', 'user-agent': 'Waymark fleet tracking' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body: unknown = await response.json().catch(() => null);
      return readRoute(response.status, body);
    },
  };
}

function readRoute(status: number, body: unknown): RoadRoute {
  const { code, message, routes } = (body ?? {}) as {
    code?: unknown;
    message?: unknown;
    routes?: { distance?: unknown; duration?: unknown }[];
  };
  if (code !== 'Ok') {
    // OSRM answers 400 with a code (NoRoute, NoSegment, InvalidQuery, ...) and a message.
    const why = typeof code === 'string' ? `${code}${message ? `: ${String(message)}` : ''}` : '';
    throw new Error(`routing engine answered ${status}${why ? ` (${why})` : ''}`);
  }
  const route = Array.isArray(routes) ? routes[0] : undefined;
  const distance = route?.distance;
  const duration = route?.duration;
  if (typeof distance !== 'number' || !(distance >= 0) || !Number.isFinite(distance)) {
    throw new Error(
      `routing engine answered ${JSON.stringify(body)}: expected { code: 'Ok', routes: [{ distance, duration }] }`,
    );
  }
  return {
    distanceM: distance,
    durationS: typeof duration === 'number' && duration > 0 ? duration : null,
  };
}
