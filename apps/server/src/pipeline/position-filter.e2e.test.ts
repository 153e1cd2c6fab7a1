import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListeners } from '../ingest/listeners';
import { encodeOsmAndQuery } from '../ingest/protocols/osmand/osmand.device';
import {
  authHeader,
  createAccount,
  createDevice,
  createModel,
  createTestApp,
  createUser,
  type TestApp,
} from '../test/test-app';

/**
 * Issue 36 "Done when": a jump sent over OsmAnd (two fixes 300 km apart one minute apart, then
 * back) leaves distance, max speed and the current position untouched and shows as filtered.
 * Through the real listener, the pipeline and the API, as a phone and a user meet it.
 */

let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
beforeAll(async () => {
  t = await createTestApp();
  ingest = await startListeners(t.ctx, { osmand: 0, gt06: 0, teltonika: 0 }, t.app.log);
});
afterAll(async () => {
  await ingest.close();
  await t.close();
});

/** One OsmAnd report; resolves with the listener's status once it answered (200: stored). */
function report(serial: string, time: Date, lat: number, lng: number, speedKmh: number) {
  const query = encodeOsmAndQuery({
    id: serial,
    time,
    lat,
    lng,
    speedKmh,
    bearing: 90,
    altitude: 180,
    accuracy: 5,
    battery: 80,
    charging: false,
  });
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: ingest.listeners.osmand.port, path: `/?${query}`, method: 'GET' },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const MINUTE = 60_000;

describe('a jump sent over OsmAnd', () => {
  it('is stored as filtered and moves neither the tracker, its distance nor its speeds', async () => {
    const account = await createAccount(t);
    const model = await createModel(t, { title: 'Phone', protocol: 'osmand' });
    const truck = await createDevice(t, account, { name: 'Truck 07', model_id: model.id });
    const admin = await createUser(t, { account, role: 'admin' });
    const headers = await authHeader(t, admin.email);
    const api = async (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) => {
      const response = await t.app.inject({ method, url: `/api${url}`, headers, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
      return response.json().data;
    };

    // A drive north out of Chicago at 60 km/h, one fix a minute (1 km apart), with a fix 300 km
    // east one minute after the third, and straight back: the reported speed of the jump says
    // 18,000 km/h, as a broken fix does.
    const start = Date.now() - 30 * MINUTE;
    const at = (minute: number) => new Date(start + minute * MINUTE);
    const northOfChicago = (km: number) => 41.88 + km / 111.2;
    for (const [minute, lat, lng, speed] of [
      [0, northOfChicago(0), -87.63, 60],
      [1, northOfChicago(1), -87.63, 60],
      [2, northOfChicago(2), -87.63, 60],
      [3, northOfChicago(2), -84.03, 18_000],
      [4, northOfChicago(4), -87.63, 60],
      [5, northOfChicago(5), -87.63, 60],
    ] as const)
      expect(await report(truck.serial, at(minute), lat, lng, speed)).toBe(200);

    // The current position is the last real fix, and the odometer the 5 km driven.
    const details = await api(`/accounts/${account.id}/devices/${truck.id}`);
    expect(details.current_position.lat).toBeCloseTo(northOfChicago(5), 5);
    expect(details.current_position.lng).toBeCloseTo(-87.63, 5);
    expect(details.current_position.odometer).toBeGreaterThan(4900);
    expect(details.current_position.odometer).toBeLessThan(5100);

    // The trail leaves it out; asked for, it is there, marked, and counted.
    const range = `date_from=${at(-1).toISOString()}&date_to=${at(6).toISOString()}`;
    const trail = await api(`/accounts/${account.id}/devices/${truck.id}/positions?${range}`);
    expect(trail.map((p: { lng: number }) => p.lng)).not.toContain(-84.03);
    expect(trail).toHaveLength(5);
    const all = await api(
      `/accounts/${account.id}/devices/${truck.id}/positions?${range}&include_filtered=true`,
    );
    expect(
      all.map((p: { lng: number; filter_reason: string | null }) => [p.lng, p.filter_reason]),
    ).toEqual([
      [-87.63, null],
      [-87.63, null],
      [-87.63, null],
      [-84.03, 'speed'],
      [-87.63, null],
      [-87.63, null],
    ]);
    const count = await api(`/accounts/${account.id}/devices/${truck.id}/filtered-count?${range}`);
    expect(count).toEqual({ filtered: 1, by_reason: { speed: 1 } });

    // A report of the range measures the drive, not the jump.
    const created = await api(`/accounts/${account.id}/reports`, 'POST', {
      device_id: truck.id,
      start_at: at(-1).toISOString(),
      end_at: at(6).toISOString(),
    });
    const saved = await api(`/accounts/${account.id}/reports/${created.id}`);
    // 5 km is 3.1 miles; 60 km/h is 37.3 mph.
    expect(saved.summary.distance_miles).toBeCloseTo(3.1, 1);
    expect(saved.summary.max_mph).toBeCloseTo(37.3, 0);
    expect(saved.positions).toHaveLength(5);
  });

  it('is believed when the tracker keeps reporting from the new place', async () => {
    const account = await createAccount(t);
    const model = await createModel(t, { title: 'Phone', protocol: 'osmand' });
    const truck = await createDevice(t, account, { name: 'Truck 08', model_id: model.id });
    const admin = await createUser(t, { account, role: 'admin' });
    const headers = await authHeader(t, admin.email);
    const start = Date.now() - 30 * MINUTE;
    const at = (minute: number) => new Date(start + minute * MINUTE);
    expect(await report(truck.serial, at(0), 41.88, -87.63, 0)).toBe(200);
    for (const minute of [1, 2, 3])
      expect(await report(truck.serial, at(minute), 41.88, -84.03 + minute * 0.001, 0)).toBe(200);
    const details = await t.app.inject({
      url: `/api/accounts/${account.id}/devices/${truck.id}`,
      headers,
    });
    const current = details.json().data.current_position;
    expect(current.lng).toBeCloseTo(-84.027, 3);
    // The hop from the place it was wrongly believed to be is no distance driven.
    expect(current.odometer).toBeLessThan(1000);
  });
});
