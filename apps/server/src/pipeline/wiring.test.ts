import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListeners } from '../ingest/listeners';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  readTeltonikaAck,
  type TeltonikaRecord,
} from '../ingest/protocols/teltonika/teltonika.device';
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
 * Each pipeline step, wired as in production: a real Teltonika packet to a real listener, the
 * result read through the API, and every change made through the API too (so its event on the
 * bus is what tells the pipeline). A step that is not reached, or a registry that is not told,
 * fails here even when the step's own unit test passes.
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

/** A tracker that logs in with its IMEI, then sends packets and waits for each ack. */
async function teltonika(serial: string) {
  const socket = net.connect(ingest.listeners.teltonika.port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let wake: (() => void) | undefined;
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    wake?.();
  });
  const next = (bytes: number) =>
    new Promise<Buffer>((resolve, reject) => {
      const check = () => {
        if (received.length < bytes) return;
        const answer = received.subarray(0, bytes);
        received = received.subarray(bytes);
        wake = undefined;
        resolve(answer);
      };
      wake = check;
      socket.once('error', reject);
      check();
    });
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(encodeTeltonikaImei(serial));
  expect((await next(1))[0]).toBe(0x01);
  return {
    async send(records: TeltonikaRecord[]) {
      socket.write(encodeTeltonikaAvl(records));
      expect(readTeltonikaAck(await next(4))).toBe(records.length);
    },
    close: () => socket.destroy(),
  };
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const at = (minutes: number, lat: number, lng: number, more: Partial<TeltonikaRecord> = {}) => ({
  time: minutesAgo(minutes),
  lat,
  lng,
  altitude: 180,
  angle: 90,
  satellites: 9,
  speedKmh: 40,
  ...more,
});

async function fleet(settings: Record<string, string> = {}) {
  const account = await createAccount(t, { settings });
  const model = await createModel(t, { protocol: 'teltonika', has_temperature: true });
  const device = await createDevice(t, account, { model_id: model.id, name: 'Reefer 7' });
  const admin = await createUser(t, { account, role: 'admin' });
  const headers = await authHeader(t, admin.email);
  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url: `/api${url}`, headers, payload });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json().data;
  };
  const events = async () =>
    (await api('GET', `/accounts/${account.id}/devices/${device.id}/events?per_page=100`)) as {
      event_type: string;
      description: string;
    }[];
  return { account, device, api, events, tracker: await teltonika(device.serial) };
}

describe('the pipeline, from a Teltonika packet to the API', () => {
  it('raises one sla-breach when a reefer goes above its maximum, none while it stays out or comes back', async () => {
    const f = await fleet();
    // The tracker is known to the pipeline before its bounds are set: only the bus can tell it.
    await f.tracker.send([at(10, 41.88, -87.63, { temperature: 5 })]);
    await f.api('POST', `/devices/${f.device.id}/triggers`, {
      min_temperature: null,
      max_temperature: 8,
      min_humidity: null,
      max_humidity: null,
    });
    await f.tracker.send([at(9, 41.88, -87.63, { temperature: 30 })]);
    await f.tracker.send([at(8, 41.88, -87.63, { temperature: 31 })]);
    await f.tracker.send([at(7, 41.88, -87.63, { temperature: 6 })]);
    const breaches = (await f.events()).filter((e) => e.event_type === 'sla-breach');
    expect(breaches).toHaveLength(1);
    expect(breaches[0]!.description).toBe(
      'Reefer 7 temperature 86.0°F is above the SLA maximum of 46.4°F',
    );
    f.tracker.close();
  });

  it('stores plausible fixes, drops impossible ones, and counts the distance travelled', async () => {
    const f = await fleet();
    await f.tracker.send([
      at(30, 41.88, -87.63, { speedKmh: 0 }),
      at(20, 0, 0, { satellites: 9 }), // Null Island: no tracker is there
      at(10, 41.89, -87.63),
    ]);
    const history = (await f.api(
      'GET',
      `/accounts/${f.account.id}/devices/${f.device.id}/positions`,
    )) as { lat: number }[];
    expect(history.map((p) => p.lat)).toEqual([41.88, 41.89]);
    const details = await f.api('GET', `/accounts/${f.account.id}/devices/${f.device.id}`);
    // 0.01° of latitude is about 1.1 km.
    expect(details.current_position.odometer).toBeGreaterThan(1000);
    expect(details.current_position.odometer).toBeLessThan(1200);
    expect(details.current_position.last_movement_time).not.toBeNull();
    f.tracker.close();
  });

  it('sees a geofence created through the API on the next position, and records the entry', async () => {
    const f = await fleet();
    // The account's spatial index is built (empty) before the geofence exists. An hour and a
    // half before the next fix, 370 km away: a drive, not a jump.
    await f.tracker.send([at(110, 40, -100)]);
    await f.api('POST', `/accounts/${f.account.id}/geofences`, {
      name: 'Omaha Yard',
      address: 'Omaha, NE',
      is_irregular: 0,
      lat: 41.25,
      lng: -96,
      radius: 1,
    });
    await f.tracker.send([at(20, 41.25, -96)]);
    const events = await f.events();
    expect(events.map((e) => e.event_type)).toContain('geofence-enter');
    f.tracker.close();
  });

  it('places a report without GPS at the BLE anchor it heard, following the anchor when it moves', async () => {
    const f = await fleet({ ble_tags: '1' });
    const uuid = 'f7826da6-4fa2-4e98-8024-bc5b71e0893e';
    const anchor = await f.api('POST', `/accounts/${f.account.id}/anchors`, {
      name: 'Dock 4',
      serial: `${uuid}:1:2`,
      lat: 41.88,
      lng: -87.63,
    });
    const heard = (minutes: number) =>
      at(minutes, 0, 0, { satellites: 0, beacons: [{ uuid, major: 1, minor: 2, rssi: -60 }] });
    const current = async () =>
      (await f.api('GET', `/accounts/${f.account.id}/devices/${f.device.id}`)).current_position;
    await f.tracker.send([heard(20)]);
    expect(await current()).toMatchObject({ lat: 41.88, lng: -87.63, fix: 'ble' });
    await f.api('PUT', `/accounts/${f.account.id}/anchors/${anchor.id}`, {
      name: 'Dock 4',
      serial: `${uuid}:1:2`,
      lat: 40.5,
      lng: -88,
    });
    await f.tracker.send([heard(10)]);
    expect(await current()).toMatchObject({ lat: 40.5, lng: -88, fix: 'ble' });
    f.tracker.close();
  });
});
