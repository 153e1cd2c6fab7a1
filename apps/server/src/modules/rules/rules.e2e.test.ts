import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { Rule, RuleFiring } from '@waymark/domain';
import { accounts, timezones } from '../../db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../demo/demo';
import { startListeners } from '../../ingest/listeners';
import { encodeOsmAndQuery } from '../../ingest/protocols/osmand/osmand.device';
import {
  createDevice,
  createGeofence,
  createModel,
  createTestApp,
  type TestApp,
} from '../../test/test-app';

/**
 * The whole path with nothing faked but the outside world, which the test runs itself: a
 * tracker reports over its own protocol (OsmAnd over HTTP, as the simulator's phones do),
 * drives into the demo depot, and Demo Logistics' rule posts to a webhook receiver and mails
 * through a real SMTP server, once.
 */

const mails: { to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});
const hooks: unknown[] = [];
const receiver: Server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    hooks.push(JSON.parse(body));
    response.statusCode = 200;
    response.end('ok');
  });
});

let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
const listen = (server: { listen(port: number, host: string, done: () => void): unknown }) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

beforeAll(async () => {
  await listen(smtp);
  await listen(receiver);
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  ingest = await startListeners(t.ctx, { osmand: 0, gt06: 0, teltonika: 0 }, t.app.log);
});
afterAll(async () => {
  await ingest.close();
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const DEPOT = { lat: 41.8781, lng: -87.6298 };

/** One OsmAnd report; resolves when the server acknowledged it (stored). */
function report(serial: string, time: Date, lat: number) {
  const query = encodeOsmAndQuery({
    id: serial,
    time,
    lat,
    lng: DEPOT.lng,
    speedKmh: 40,
    bearing: 0,
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

describe('a rule of Demo Logistics, end to end', () => {
  it('posts to the webhook and mails once when a tracker enters the depot', async () => {
    await seedDemo(t.db);
    const [logistics] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.title, 'Demo Logistics'));
    const depot = await createGeofence(t, logistics!, {
      name: 'Chicago Depot',
      ...DEPOT,
      radius: 1.5,
    });
    const model = await createModel(t, { title: 'Phone', protocol: 'osmand' });
    const van = await createDevice(t, logistics!, { name: 'Van 07', model_id: model.id });
    const [chicago] = await t.db
      .select()
      .from(timezones)
      .where(eq(timezones.identifier, 'America/Chicago'));

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: 'user@demo.test', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/rules-engine?account_id=${logistics!.id}`,
      headers,
      payload: {
        name: 'Van 07 at the depot',
        conditions: [
          { type: 'geofence', data: { triggers: ['enter'], address: depot.id } },
          { type: 'tracker_name', operator: 'and', data: { value: 'van' } },
        ],
        actions: [
          {
            type: 'send_webhook',
            data: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in` },
          },
          {
            type: 'send_email',
            operator: 'and',
            data: {
              email_addresses: ['dispatch@example.test', 'yard@example.test'],
              subject: '{{name}} reached the depot',
              body: '{{name}} arrived at {{time}}. {{map}}',
              timezone_id: chicago!.id,
            },
          },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json<{ data: Rule }>().data;
    await t.ctx.rules.settled();

    const start = Date.now() - 30 * 60_000;
    const route = [41.95, 41.92, DEPOT.lat, DEPOT.lat + 0.001, DEPOT.lat];
    for (const [i, lat] of route.entries()) {
      expect(await report(van.serial, new Date(start + i * 60_000), lat)).toBe(200);
    }
    await t.ctx.bus.flush();
    await t.ctx.rules.settled();
    await t.ctx.jobs.idle();

    expect(hooks).toEqual([
      expect.objectContaining({
        rule: { id: rule.id, name: 'Van 07 at the depot' },
        device: { id: van.id, name: 'Van 07' },
        event: expect.objectContaining({ type: 'geofence-enter', geofence_id: depot.id }),
      }),
    ]);
    // One message per address (through the outbox): a refused one is retried alone.
    expect(mails.map((m) => m.to).sort()).toEqual([
      ['dispatch@example.test'],
      ['yard@example.test'],
    ]);
    for (const mail of mails) {
      expect(mail.data).toContain('Subject: Van 07 reached the depot');
      expect(mail.data).toContain('Van 07 arrived at');
    }

    const log = await t.app.inject({
      url: `/api/rules-engine/${rule.id}/firings?account_id=${logistics!.id}`,
      headers,
    });
    const firings = log.json<{ data: RuleFiring[] }>().data;
    expect(firings).toHaveLength(1);
    expect(firings[0]!.outcomes.map((o) => o.status)).toEqual(['sent', 'sent']);
  });
});
