import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleCondition, RuleFiring } from '@waymark/domain';
import { startListeners } from '../../ingest/listeners';
import { encodeOsmAndQuery, type OsmAndReport } from '../../ingest/protocols/osmand/osmand.device';
import {
  authHeader,
  createAccount,
  createDevice,
  createModel,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { RuleEngine } from './rule-engine';

/**
 * Issue 36 §4: each episode condition, fed by real OsmAnd reports through the listener and the
 * pipeline, fires its rule once per episode (a sustained speeding stretch is one firing) and
 * again for the next episode, as the rule's firing log shows a user. The firing times are the
 * fixes where, counted by hand from the reports sent, the condition came to hold.
 */

const hooks: unknown[] = [];
const receiver: Server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    hooks.push(JSON.parse(body));
    response.end('ok');
  });
});

let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t = await createTestApp();
  ingest = await startListeners(t.ctx, { osmand: 0, gt06: 0, teltonika: 0 }, t.app.log);
});
afterAll(async () => {
  await ingest.close();
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const MINUTE = 60_000;
// Whole seconds: OsmAnd sends unix seconds.
const START = Math.floor((Date.now() - 3 * 60 * MINUTE) / 1000) * 1000;
const at = (minute: number) => new Date(START + minute * MINUTE);

type Fix = Partial<Omit<OsmAndReport, 'id' | 'time'>>;

/** One OsmAnd report; resolves with the listener's status once it answered (200: stored). */
function report(serial: string, time: Date, fix: Fix) {
  const query = encodeOsmAndQuery({
    id: serial,
    time,
    lat: 41.88,
    lng: -87.63,
    speedKmh: 0,
    bearing: 0,
    altitude: 180,
    accuracy: 5,
    battery: 80,
    charging: false,
    ...fix,
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

/** A tracker of a new account with a rules-engine, its admin, and a rule of these conditions. */
async function setUp(name: string, conditions: RuleCondition[] | RuleCondition[][]) {
  const account = await createAccount(t, { has_rules_engine: true });
  const model = await createModel(t, { title: 'Phone', protocol: 'osmand' });
  const device = await createDevice(t, account, { name, model_id: model.id });
  const admin = await createUser(t, { account, role: 'admin' });
  const headers = await authHeader(t, admin.email);
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
  const rules: number[] = [];
  for (const list of (Array.isArray(conditions[0])
    ? conditions
    : [conditions]) as RuleCondition[][]) {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/rules-engine?account_id=${account.id}`,
      headers,
      payload: {
        name: `${name} rule`,
        conditions: list,
        actions: [{ type: 'send_webhook', data: { url } }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    rules.push(created.json<{ data: { id: number } }>().data.id);
  }
  await t.ctx.rules.settled();

  /** Sends the fixes, one a minute from `from`, and waits until the rules handled them. */
  const send = async (from: number, fixes: Fix[]) => {
    for (const [i, fix] of fixes.entries()) {
      expect(await report(device.serial, at(from + i), fix)).toBe(200);
    }
    await t.ctx.bus.flush();
    await t.ctx.rules.settled();
  };
  /** The minutes (from START) of the rule's firings, as its log lists them, oldest first. */
  const firedAt = async (rule = rules[0]!) => {
    const log = await t.app.inject({
      url: `/api/rules-engine/${rule}/firings?account_id=${account.id}`,
      headers,
    });
    expect(log.statusCode).toBe(200);
    return log
      .json<{ data: RuleFiring[] }>()
      .data.map((f) => (Date.parse(f.fired_at) - START) / MINUTE)
      .reverse();
  };
  return { account, device, rules, send, firedAt };
}

/** Driving north at `kmh`: the latitude after `minutes` (so the implied speed agrees). */
const north = (kmh: number, minutes: number) => 41.88 + (kmh * minutes) / 60 / 111.2;

// Each test sends tens of reports through the listener: generous on a loaded machine.
describe('rules with episode conditions, over OsmAnd', { timeout: 120_000 }, () => {
  it('fires a speeding rule once for a sustained speeding episode, and again for the next', async () => {
    const { send, firedAt } = await setUp('Speeder', [
      { type: 'speeding', operator: 'and', data: { speed: 50, unit: 'mph', duration_seconds: 60 } },
    ]);
    // 40 km/h, then 100 km/h (62 mph) from minute 1 to 4: above 50 mph for 60 s at minute 2.
    // Back to 40 at minute 5, then 100 again from minute 6: it fires again at minute 7.
    const speeds = [40, 100, 100, 100, 100, 40, 100, 100, 100];
    let lat = 41.88;
    await send(
      0,
      speeds.map((speedKmh) => {
        lat += speedKmh / 60 / 111.2;
        return { speedKmh, lat };
      }),
    );
    expect(await firedAt()).toEqual([2, 7]);
  });

  it('never fires on a filtered fix: a jump reporting 18,000 km/h is no speeding', async () => {
    const { send, firedAt } = await setUp('Jumpy', [
      { type: 'speeding', operator: 'and', data: { speed: 100, unit: 'kmh', duration_seconds: 0 } },
    ]);
    // Driving at 50 km/h, then one fix 300 km east a minute later (the position filter
    // refuses it), then on as before.
    await send(0, [
      { speedKmh: 50, lat: north(50, 0) },
      { speedKmh: 50, lat: north(50, 1) },
      { speedKmh: 18_000, lat: north(50, 2), lng: -84 },
      { speedKmh: 50, lat: north(50, 3) },
    ]);
    expect(await firedAt()).toEqual([]);
  });

  it('keeps the episode across a restart: no second firing, and the next episode fires', async () => {
    const { device, send, firedAt } = await setUp('Restarted', [
      { type: 'speeding', operator: 'and', data: { speed: 80, unit: 'kmh', duration_seconds: 0 } },
    ]);
    await send(0, [
      { speedKmh: 100, lat: north(100, 0) },
      { speedKmh: 100, lat: north(100, 1) },
    ]);
    expect(await firedAt()).toEqual([0]);

    // The engine stops; a new one reads the rules and their episodes from the database, and
    // sees the episode go on (minutes 2, 3), end (4) and begin again (5).
    await t.ctx.rules.stop();
    const restarted = new RuleEngine(t.ctx, t.app.log);
    restarted.start();
    await restarted.settled();
    try {
      for (const [i, speedKmh] of [100, 100, 50, 100].entries()) {
        const minute = 2 + i;
        const fix = { speedKmh, lat: north(100, minute) };
        expect(await report(device.serial, at(minute), fix)).toBe(200);
      }
      await t.ctx.bus.flush();
      await restarted.settled();
    } finally {
      await restarted.stop();
      t.ctx.rules.start();
      await t.ctx.rules.settled();
    }
    expect(await firedAt()).toEqual([0, 5]);
  });

  it('fires an idling rule once the ignition has been on while stopped for N minutes', async () => {
    const { send, firedAt } = await setUp('Idler', [
      { type: 'idling', operator: 'and', data: { minutes: 5 } },
    ]);
    const idle = { ignition: true, speedKmh: 0 };
    const off = { ignition: false, speedKmh: 0 };
    // Idle from minute 0: 5 minutes at minute 5 (not again at 6, 7); off at 8; idle from 9,
    // so again at 14.
    await send(0, [...Array(8).fill(idle), off, ...Array(7).fill(idle)]);
    expect(await firedAt()).toEqual([5, 14]);
  });

  it('fires trip started and trip ended once per trip', async () => {
    const { send, firedAt, rules } = await setUp('Driver', [
      [{ type: 'trip', operator: 'and', data: { when: 'started' } }],
      [{ type: 'trip', operator: 'and', data: { when: 'ended' } }],
    ]);
    // Parked (0-2), drives north at 60 km/h (3-8), parked 8 minutes (9-16), drives (17-22),
    // parked (23-30). A trip starts once 300 m from where motion began; it ends once still for
    // 5 minutes (trips segmentation): the independent count is two starts and two ends.
    let lat = 41.88;
    const fixes: Fix[] = [];
    for (let minute = 0; minute <= 30; minute++) {
      const driving = (minute >= 3 && minute <= 8) || (minute >= 17 && minute <= 22);
      if (driving) lat += 1 / 111.2;
      fixes.push({ speedKmh: driving ? 60 : 0, lat });
    }
    await send(0, fixes);
    const started = await firedAt(rules[0]);
    const ended = await firedAt(rules[1]);
    expect(started).toHaveLength(2);
    expect(ended).toHaveLength(2);
    // Each start during its drive, each end during the stop after it.
    expect(started[0]).toBeGreaterThanOrEqual(3);
    expect(started[0]).toBeLessThanOrEqual(8);
    expect(started[1]).toBeGreaterThanOrEqual(17);
    expect(started[1]).toBeLessThanOrEqual(22);
    expect(ended[0]).toBeGreaterThan(8);
    expect(ended[0]).toBeLessThan(17);
    expect(ended[1]).toBeGreaterThan(22);
  });

  it('fires a no-report rule once per silence, through the periodic check', async () => {
    const { send, firedAt } = await setUp('Quiet', [
      { type: 'no_report', operator: 'and', data: { hours: 2 } },
    ]);
    await send(0, [{}]);
    const heard = Date.now();
    // The check as it runs every five minutes, at instants after the report.
    const check = (hours: number) => t.ctx.rules.checkSilence(new Date(heard + hours * 3_600_000));
    await check(1);
    expect(await firedAt()).toEqual([]);
    await check(2.5);
    await check(3);
    const first = await firedAt();
    expect(first).toHaveLength(1);
    // It reports again: the next check finds it heard (re-armed), a later one silent again.
    await send(1, [{}]);
    await t.ctx.rules.checkSilence(new Date());
    await t.ctx.rules.checkSilence(new Date(Date.now() + 2.5 * 3_600_000));
    expect(await firedAt()).toHaveLength(2);
  });

  it('fires a temperature rule once per reading out of range (°F)', async () => {
    const { send, firedAt } = await setUp('Reefer', [
      { type: 'temperature', operator: 'and', data: { unit: 'f', min: 35, max: 46 } },
    ]);
    // 35-46 °F is 1.7-7.8 °C: out at minutes 2 and 3 (one episode), back at 4, out at 5 (cold).
    await send(
      0,
      [4, 5, 12, 13, 5, 0.5].map((temperature) => ({ temperature })),
    );
    expect(await firedAt()).toEqual([2, 5]);
  });

  it('fires a humidity rule once per reading out of range', async () => {
    const { send, firedAt } = await setUp('Greenhouse', [
      { type: 'humidity', operator: 'and', data: { min: 30, max: 70 } },
    ]);
    await send(
      0,
      [50, 80, 85, 50, 90].map((humidity) => ({ humidity })),
    );
    expect(await firedAt()).toEqual([1, 4]);
  });

  it('fires a battery rule once per drop below N %', async () => {
    const { send, firedAt } = await setUp('Tag', [
      { type: 'battery', operator: 'and', data: { below: 20 } },
    ]);
    await send(
      0,
      [50, 15, 10, 60, 12].map((battery) => ({ battery })),
    );
    expect(await firedAt()).toEqual([1, 4]);
  });
});
