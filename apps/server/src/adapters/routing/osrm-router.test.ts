import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres } from '@waymark/domain';
import { startOsrmStandIn } from '../../test/osrm-stand-in';
import { createRoadRouter } from './create-road-router';
import { greatCircleRouter } from './great-circle-router';
import { osrmRouter } from './osrm-router';

let osrm: Awaited<ReturnType<typeof startOsrmStandIn>>;
beforeAll(async () => {
  osrm = await startOsrmStandIn();
});
afterAll(() => osrm.close());

// Chicago to Milwaukee: 131 km in a straight line.
const CHICAGO = { lat: 41.8781, lng: -87.6298 };
const MILWAUKEE = { lat: 43.0389, lng: -87.9065 };
const STRAIGHT_KM = distanceMetres(CHICAGO.lat, CHICAGO.lng, MILWAUKEE.lat, MILWAUKEE.lng) / 1000;

describe('osrmRouter', () => {
  it('asks the route in the OSRM shape and reads its distance and duration', async () => {
    osrm.set({ kind: 'ok', factor: 1.5, kmh: 60 });
    const route = await osrmRouter(osrm.url).route(CHICAGO, MILWAUKEE);
    expect(route.distanceM / 1000).toBeCloseTo(STRAIGHT_KM * 1.5, 0);
    expect(route.durationS).toBeCloseTo(route.distanceM / (60 / 3.6), 3);
    const asked = osrm.requests.at(-1)!;
    expect(asked.path).toBe('/route/v1/driving/-87.629800,41.878100;-87.906500,43.038900');
    expect(asked.query.get('overview')).toBe('false');
  });

  it("keeps the base URL's path and query (a hosted service's prefix and key)", async () => {
    await osrmRouter(`${osrm.url}/osrm/?key=abc`).route(CHICAGO, MILWAUKEE);
    const asked = osrm.requests.at(-1)!;
    expect(asked.path).toMatch(/^\/osrm\/route\/v1\/driving\//);
    expect(asked.query.get('key')).toBe('abc');
    expect(asked.query.get('overview')).toBe('false');
  });

  it('rejects with what the engine said when it finds no road or fails', async () => {
    osrm.set({ kind: 'no-route' });
    await expect(osrmRouter(osrm.url).route(CHICAGO, MILWAUKEE)).rejects.toThrow(
      'routing engine answered 400 (NoRoute: Impossible route between points)',
    );
    osrm.set({ kind: 'broken' });
    await expect(osrmRouter(osrm.url).route(CHICAGO, MILWAUKEE)).rejects.toThrow(
      'routing engine answered 500',
    );
  });

  it('gives up after its timeout rather than wait for a hanging engine', async () => {
    osrm.set({ kind: 'hang' });
    const started = performance.now();
    await expect(
      osrmRouter(osrm.url, { timeoutMs: 200 }).route(CHICAGO, MILWAUKEE),
    ).rejects.toThrow(/timeout|aborted/i);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('rejects an answer without a distance', async () => {
    const router = osrmRouter('http://engine.test', {
      fetchImpl: () =>
        Promise.resolve(Response.json({ code: 'Ok', routes: [{ duration: 12 }] }, { status: 200 })),
    });
    await expect(router.route(CHICAGO, MILWAUKEE)).rejects.toThrow(
      /expected \{ code: 'Ok', routes: \[\{ distance, duration \}\] \}/,
    );
  });
});

describe('the router chosen by config', () => {
  it('is the great circle times the road factor without ROUTING_URL, and measures no roads', async () => {
    const router = createRoadRouter({});
    expect(router.measuresRoads).toBe(false);
    const route = await router.route(CHICAGO, MILWAUKEE);
    expect(route.distanceM / 1000).toBeCloseTo(STRAIGHT_KM * 1.2, 0);
    expect(route.durationS).toBeNull();
    expect((await greatCircleRouter(1.4).route(CHICAGO, MILWAUKEE)).distanceM / 1000).toBeCloseTo(
      STRAIGHT_KM * 1.4,
      0,
    );
  });

  it('is the OSRM engine with ROUTING_URL', async () => {
    osrm.set({ kind: 'ok', factor: 1.3, kmh: 80 });
    const router = createRoadRouter({ ROUTING_URL: osrm.url });
    expect(router.measuresRoads).toBe(true);
    expect((await router.route(CHICAGO, MILWAUKEE)).distanceM / 1000).toBeCloseTo(
      STRAIGHT_KM * 1.3,
      0,
    );
  });
});
