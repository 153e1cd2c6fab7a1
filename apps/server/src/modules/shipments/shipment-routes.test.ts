import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOfAddress } from '@waymark/domain';
import { greatCircleRouter } from '../../adapters/routing/great-circle-router';
import { osrmRouter } from '../../adapters/routing/osrm-router';
import { startOsrmStandIn } from '../../test/osrm-stand-in';
import {
  ROUTE_AGAIN_AFTER_MS,
  ROUTE_RETRY_AFTER_MS,
  ROUTES_IN_FLIGHT,
  ShipmentRoutes,
} from './shipment-routes';

let osrm: Awaited<ReturnType<typeof startOsrmStandIn>>;
beforeAll(async () => {
  osrm = await startOsrmStandIn();
});
afterAll(() => osrm.close());

/** A logger that keeps the warnings (the outside world of the cache). */
function warningLog() {
  const warnings: string[] = [];
  const log = {
    warn: (_: unknown, message: string) => warnings.push(message),
    error: () => undefined,
    info: () => undefined,
    debug: () => undefined,
    child: () => log,
  };
  return { warnings, log: log as unknown as FastifyBaseLogger };
}

// Northwards from Chicago to a yard 60 km away; 0.01° of latitude is 1.11 km.
const YARD = placeOfAddress({ lat: 42.4181, lng: -87.6298 });
const MIN = 60_000;
const T0 = Date.parse('2026-03-02T08:00:00Z');
const fix = (minute: number, lat: number) => ({ time: T0 + minute * MIN, lat, lng: -87.6298 });

/** A cache over the stand-in whose wall clock the test moves. */
function routes(timeoutMs = 2000) {
  const wall = { now: 1_000_000 };
  const { warnings, log } = warningLog();
  const cache = new ShipmentRoutes(osrmRouter(osrm.url, { timeoutMs }), log, () => wall.now);
  return { cache, wall, warnings };
}

describe('the road distances of shipments', () => {
  it('answers the great circle at once, then the route, asked in the background', async () => {
    osrm.set({ kind: 'ok', factor: 1.4, kmh: 70 });
    const { cache } = routes();
    const asked = osrm.requests.length;
    expect(cache.roadFor(1, YARD, fix(0, 41.9))).toBeNull();
    await cache.settled();
    const road = cache.roadFor(1, YARD, fix(1, 41.901));
    expect(road).toMatchObject({
      from: { lat: 41.9, lng: -87.6298 },
      to: { lat: 42.4181, lng: -87.6298 },
      durationS: expect.any(Number),
    });
    expect(road!.distanceM / 1000).toBeCloseTo(0.5181 * 111.195 * 1.4, 0);
    expect(osrm.requests.length).toBe(asked + 1);
  });

  it('asks again only after a kilometre driven or five minutes', async () => {
    osrm.set({ kind: 'ok', factor: 1.4, kmh: 70 });
    const { cache } = routes();
    cache.roadFor(2, YARD, fix(0, 41.9));
    await cache.settled();
    const asked = osrm.requests.length;
    // 0.5 km on within a minute: the answer at hand serves.
    cache.roadFor(2, YARD, fix(1, 41.9045));
    await cache.settled();
    expect(osrm.requests.length).toBe(asked);
    // 1.1 km from where it was asked: again.
    cache.roadFor(2, YARD, fix(2, 41.91));
    await cache.settled();
    expect(osrm.requests.length).toBe(asked + 1);
    // Parked for five minutes: again.
    cache.roadFor(2, YARD, fix(2 + ROUTE_AGAIN_AFTER_MS / MIN, 41.91));
    await cache.settled();
    expect(osrm.requests.length).toBe(asked + 2);
  });

  it('falls back to the great circle when the engine fails, and asks again a minute later', async () => {
    const { cache, wall, warnings } = routes();
    osrm.set({ kind: 'ok', factor: 1.4, kmh: 70 });
    cache.roadFor(3, YARD, fix(0, 41.9));
    await cache.settled();
    osrm.set({ kind: 'no-route' });
    cache.roadFor(3, YARD, fix(6, 41.95));
    await cache.settled();
    expect(cache.roadFor(3, YARD, fix(7, 41.96))).toBeNull();
    expect(warnings).toEqual(['routing engine failed; great circle meanwhile']);
    const asked = osrm.requests.length;
    osrm.set({ kind: 'ok', factor: 1.4, kmh: 70 });
    cache.roadFor(3, YARD, fix(8, 41.97));
    await cache.settled();
    expect(osrm.requests.length).toBe(asked);
    wall.now += ROUTE_RETRY_AFTER_MS;
    expect(cache.roadFor(3, YARD, fix(9, 41.98))).toBeNull();
    await cache.settled();
    expect(cache.roadFor(3, YARD, fix(10, 41.985))).toMatchObject({ from: { lat: 41.98 } });
  });

  it('never waits for a hanging engine: the great circle stands, the question times out', async () => {
    osrm.set({ kind: 'hang' });
    const { cache } = routes(300);
    const started = performance.now();
    expect(cache.roadFor(4, YARD, fix(0, 41.9))).toBeNull();
    expect(cache.roadFor(4, YARD, fix(1, 41.91))).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
    await cache.settled();
    expect(cache.counts).toEqual({ asked: 1, answered: 0, failed: 1 });
  });

  it('keeps at most a few questions under way', async () => {
    osrm.set({ kind: 'hang' });
    const { cache } = routes(300);
    for (let id = 100; id < 100 + ROUTES_IN_FLIGHT * 3; id++) cache.roadFor(id, YARD, fix(0, 41.9));
    expect(cache.counts.asked).toBe(ROUTES_IN_FLIGHT);
    await cache.settled();
  });

  it('asks nothing of a router that measures no roads, nor for a place that is gone', async () => {
    const cache = new ShipmentRoutes(greatCircleRouter(), warningLog().log);
    expect(cache.roadFor(5, YARD, fix(0, 41.9))).toBeNull();
    const { cache: osrmCache } = routes();
    expect(osrmCache.roadFor(6, null, fix(0, 41.9))).toBeNull();
    expect(cache.counts.asked + osrmCache.counts.asked).toBe(0);
  });
});
