import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVehicle, advance } from '@waymark/simulator/trips/vehicle';
import { upcomingTrip } from '@waymark/simulator/trips/upcoming-trip';
import type { RawPosition, Shipment } from '@waymark/domain';
import {
  authHeader,
  createAccount,
  createDevice,
  createGeofence,
  createUser,
  type TestApp,
  createTestApp,
} from '../test/test-app';
import { toRaw } from './demo-fleet';
import { LIVE_CARRIER, planLiveShipment } from './demo-live-shipment';
import { seedDemoShipments } from './demo-shipments';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const LNG = -87.6298;
const A = 41.8781; // Chicago Depot
const B = 42.4181; // 60 km north
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);

/** Fixes every 10 minutes from `from` hours ago, moving in latitude as `lat(i)` says. */
function track(serial: string, fromHoursAgo: number, count: number, lat: (i: number) => number) {
  return Array.from({ length: count }, (_, i): RawPosition => ({
    serial,
    deviceTime: new Date(Date.now() - fromHoursAgo * HOUR + i * 600_000),
    lat: lat(i),
    lng: LNG,
    valid: true,
    fix: 'gps',
    accuracy: 5,
  }));
}
const between = (from: number, to: number, steps: number) => (i: number) =>
  from + ((to - from) * Math.min(i, steps)) / steps;

/**
 * Demo Logistics in small: three depots and trackers whose histories hold one trip of each
 * kind: A to B and back, a long A to B, one that left A twelve hours ago, one two hours ago.
 */
async function demoAccount() {
  const account = await createAccount(t, { title: 'Demo Logistics', can_track_shipments: true });
  const admin = await createUser(t, { account, role: 'admin' });
  const depot = (name: string, lat: number, lng = LNG) =>
    createGeofence(t, account, { name, lat, lng, radius: 1.5 });
  await depot('Chicago Depot', A);
  await depot('Lake Hub', B);
  await depot('Joliet Yard', 41.5, -88.5);
  // One after another: the not-started ones go on the first two trackers by id.
  const trucks = [];
  for (const name of ['Truck 01', 'Truck 02', 'Truck 03', 'Truck 04']) {
    trucks.push(await createDevice(t, account, { name }));
  }
  const [d1, d2, d3, d4] = trucks;
  const submit = (fixes: RawPosition[]) => t.ctx.pipeline.submit(fixes, 'test');
  // A to B in an hour, three days ago, and back a day later.
  await submit([
    ...track(d1!.serial, 80, 6, () => A),
    ...track(d1!.serial, 79, 7, between(A, B, 6)),
    ...track(d1!.serial, 78, 6, () => B),
    ...track(d1!.serial, 50, 7, between(B, A, 6)),
    ...track(d1!.serial, 49, 6, () => A),
  ]);
  // A to B in twelve hours, with a long stop half way, five days ago.
  await submit([
    ...track(d2!.serial, 121, 6, () => A),
    ...track(d2!.serial, 120, 4, between(A, 42.15, 3)),
    ...track(d2!.serial, 119, 60, () => 42.15),
    ...track(d2!.serial, 109, 4, between(42.15, B, 3)),
    ...track(d2!.serial, 108, 6, () => B),
  ]);
  // Left A twelve hours ago and two hours ago, for nowhere in particular (south).
  await submit([
    ...track(d3!.serial, 13, 6, () => A),
    ...track(d3!.serial, 12, 70, between(A, 41, 60)),
  ]);
  await submit([
    ...track(d4!.serial, 3, 6, () => A),
    ...track(d4!.serial, 2, 12, between(A, 41.5, 10)),
  ]);
  await t.ctx.pipeline.flush();
  return { account, headers: await authHeader(t, admin.email), trackers: [d1!, d2!, d3!, d4!] };
}

describe('the demo shipments', () => {
  it('are in every status, between the depots, as the trackers’ histories make them', async () => {
    const demo = await demoAccount();
    await seedDemoShipments(t.ctx, t.app.log);
    const list = async (query: string) =>
      (
        await t.app.inject({
          url: `/api/accounts/${demo.account.id}/shipments?include=device,events&with_geofences=1${query}`,
          headers: demo.headers,
        })
      ).json<{ data: Shipment[] }>().data;
    const general = await list('');
    const archived = await list('&archived=1');
    const summary = (s: Shipment) => [
      s.status,
      s.device!.name,
      s.from_geofence!.name,
      s.to_geofence!.name,
    ];
    expect(general.map(summary).sort()).toEqual(
      [
        ['completed', 'Truck 01', 'Lake Hub', 'Chicago Depot'],
        ['completed-late', 'Truck 02', 'Chicago Depot', 'Lake Hub'],
        ['in-progress', 'Truck 04', 'Chicago Depot', expect.any(String)],
        ['not-started', 'Truck 01', expect.any(String), expect.any(String)],
        ['not-started', 'Truck 02', expect.any(String), expect.any(String)],
        ['running-late', 'Truck 03', 'Chicago Depot', expect.any(String)],
      ].sort(),
    );
    expect(archived.map(summary)).toEqual([['completed', 'Truck 01', 'Chicago Depot', 'Lake Hub']]);
    // The events happened when the trucks moved, not when the demo was seeded.
    const late = general.find((s) => s.status === 'completed-late')!;
    expect(late.events!.map((e) => e.event_type)).toEqual([
      'shipment-begin',
      'shipment-late',
      'shipment-end',
    ]);
    expect(Date.parse(late.events![0]!.event_at)).toBeLessThan(hoursAgo(100).getTime());
    expect(late.name).toMatch(/^PO \d+ Chicago to Lake$/);
  });

  it('include one live shipment the simulated tracker drives to completion', async () => {
    // Its own installation: the demo has one Demo Logistics account.
    const t = await createTestApp();
    try {
      const account = await createAccount(t, {
        title: 'Demo Logistics',
        can_track_shipments: true,
      });
      await createUser(t, { account, role: 'admin' });
      const device = await createDevice(t, account, { name: 'Van 09' });
      // A vehicle with a trip that ends in the next 12 hours (at night most are parked).
      const now = Date.now();
      const vehicle = Array.from({ length: 40 }, (_, i) =>
        createVehicle(`van-${i}`, { start: now, movingIntervalS: 60, parkedIntervalS: 600 }),
      ).find((v) => (upcomingTrip(v, now + 12 * HOUR)?.arrivesAt ?? 0) > now + 20 * 60_000)!;
      expect(vehicle).toBeDefined();
      const simulator = {
        devices: [{ serial: device.serial, protocol: 'osmand' as const }],
        upcomingTrip: (serial: string, until: number) =>
          serial === device.serial ? upcomingTrip(vehicle, until) : undefined,
      };
      const stale = await planLiveShipment(t.ctx, simulator, t.app.log, Date.now() - 1000);
      const live = await planLiveShipment(t.ctx, simulator, t.app.log);
      expect(live).toMatchObject({
        carrier: LIVE_CARRIER,
        status: 'not-started',
        notification_emails: ['dispatch@demo.test'],
      });
      expect(live!.name).toMatch(/^Live: .+ to .+$/);

      // The fixes the simulator's vehicle will send, ten to a batch, through the pipeline.
      const arrival = Date.parse(live!.end_at) - 30 * 60_000;
      const fixes = advance(vehicle, arrival + 20 * 60_000).map((f) => toRaw(device.serial, f));
      // They run into the coming hour, and the position filter refuses fixes from the future:
      // the wall clock (Date only) stands at the last of them meanwhile.
      vi.useFakeTimers({ toFake: ['Date'], now: fixes.at(-1)!.deviceTime });
      try {
        for (let i = 0; i < fixes.length; i += 10)
          await t.ctx.pipeline.submit(fixes.slice(i, i + 10), 'test');
        await t.ctx.bus.flush();
        await t.ctx.shipmentClock.settled();
      } finally {
        vi.useRealTimers();
      }
      const admin = await authHeader(t, (await createUser(t, { account, role: 'admin' })).email);
      const done = (
        await t.app.inject({
          url: `/api/accounts/${account.id}/shipments/${live!.id}?include=events`,
          headers: admin,
        })
      ).json<{ data: Shipment }>().data;
      expect(done.status).toBe('completed');
      expect(done.events!.map((e) => e.event_type)).toEqual(['shipment-begin', 'shipment-end']);
      // The live shipment of the earlier start is gone.
      const again = await t.app.inject({
        url: `/api/accounts/${account.id}/shipments/${stale!.id}`,
        headers: admin,
      });
      expect(again.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
