import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Shipment } from '@waymark/domain';
import { shipmentPredictions } from '../../db/schema';
import { startOsrmStandIn } from '../../test/osrm-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fix, hoursFromNow, shipmentFleet, type ShipmentFleet } from './shipments.fixture';

/**
 * The shipment clock with a routing engine (ROUTING_URL) that speaks OSRM over real HTTP: a
 * tracker of the fleet drives north from the Chicago depot to the customer yard 60 km away.
 */
let t: TestApp;
let osrm: Awaited<ReturnType<typeof startOsrmStandIn>>;
beforeAll(async () => {
  osrm = await startOsrmStandIn();
  t = await createTestApp({ ROUTING_URL: osrm.url });
});
afterAll(async () => {
  await t.close();
  await osrm.close();
});

const MIN = 60_000;
const DEPOT_LAT = 41.8781;
const CUSTOMER_LAT = 42.4181;
const minutesAgo = (m: number) => new Date(Date.now() - m * MIN);

function northbound(serial: string, from: number, to: number, kmh: number) {
  const perMinute = (kmh * 1000) / 60 / 111_195;
  return Array.from({ length: from - to + 1 }, (_, i) =>
    fix(serial, minutesAgo(from - i), Math.min(CUSTOMER_LAT, DEPOT_LAT + i * perMinute)),
  );
}

async function drive(fixes: ReturnType<typeof fix>[]) {
  for (const one of fixes) await t.ctx.pipeline.submit([one], 'test');
  await t.ctx.bus.flush();
  await t.ctx.shipmentClock.settled();
}

async function predictionsOf(id: number) {
  return t.db
    .select()
    .from(shipmentPredictions)
    .where(eq(shipmentPredictions.shipment_id, id))
    .orderBy(asc(shipmentPredictions.predicted_at));
}

async function statusOf(f: ShipmentFleet, id: number) {
  const response = await t.app.inject({ url: f.url(`/${id}`), headers: f.headers.admin });
  return response.json<{ data: Shipment }>().data.status;
}

describe('the shipment clock with a routing engine', () => {
  it("predicts with the engine's road distance, asked as the tracker moves on", async () => {
    osrm.set({ kind: 'ok', factor: 1.45, kmh: 75 });
    const f = await shipmentFleet(t);
    const shipment = await f.create({ start_at: hoursFromNow(-2), end_at: hoursFromNow(2) });
    const asked = osrm.requests.length;
    await drive(northbound(f.alpha.serial, 60, 15, 90));
    expect(await statusOf(f, shipment.id)).toBe('completed');

    const predictions = await predictionsOf(shipment.id);
    // From the second minute under way the route's factor, not the great circle's 1.2.
    const routed = predictions.filter((p) => Math.abs(p.road_factor - 1.45) < 0.001);
    expect(routed.length).toBeGreaterThan(predictions.length - 8);
    // 1.5 km a fix: asked again on a fix once the answer to the last question is in (one
    // question under way per shipment), so about every other fix of the 40 under way.
    const questions = osrm.requests.length - asked;
    expect(questions).toBeGreaterThan(10);
    expect(questions).toBeLessThan(42);
    // Towards the customer yard's centre.
    expect(osrm.requests.at(-1)!.to).toEqual([f.customer.lng, f.customer.lat]);
  });

  it('falls back to the great circle when the engine hangs, without holding up the clock', async () => {
    osrm.set({ kind: 'hang' });
    const f = await shipmentFleet(t);
    const shipment = await f.create({ start_at: hoursFromNow(-2), end_at: hoursFromNow(2) });
    const started = performance.now();
    await drive(northbound(f.alpha.serial, 60, 15, 90));
    // One question timed out (2 s) in the background; the next comes a minute later.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(await statusOf(f, shipment.id)).toBe('completed');
    const predictions = await predictionsOf(shipment.id);
    expect(predictions.length).toBeGreaterThan(8);
    for (const p of predictions) expect(p.road_factor).toBeLessThanOrEqual(1.6);
    expect(predictions.some((p) => Math.abs(p.road_factor - 1.45) < 0.001)).toBe(false);
  });
});
