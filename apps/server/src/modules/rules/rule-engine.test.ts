import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Rule, RuleFiring } from '@waymark/domain';
import { commands, deviceMessages, mailOutbox, timezones } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createGeofence,
  createModel,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { fix, report } from '../shipments/shipments.fixture';

let t: TestApp;
let receiver: Server;
let hookUrl: string;
/** What the webhook receiver was sent, by path. */
const received = new Map<string, unknown[]>();
let chicagoId: number;

beforeAll(async () => {
  t = await createTestApp();
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.set(path, [...(received.get(path) ?? []), JSON.parse(body)]);
      response.statusCode = path.startsWith('/broken') ? 500 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const [zone] = await t.db
    .select()
    .from(timezones)
    .where(eq(timezones.identifier, 'America/Chicago'));
  chicagoId = zone!.id;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const DEPOT = { lat: 41.88, lng: -87.63 };
const OUTSIDE = 41.95;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** An account with the rules engine, a tracker outside a depot geofence, and its admin. */
async function fleet() {
  const account = await createAccount(t, { has_rules_engine: true });
  const van = await createDevice(t, account, { name: 'Van 12' });
  const depot = await createGeofence(t, account, { name: 'Depot', ...DEPOT, radius: 0.5 });
  const admin = await createUser(t, { account, role: 'admin' });
  return { account, van, depot, userId: admin.id, headers: await authHeader(t, admin.email) };
}
type Fleet = Awaited<ReturnType<typeof fleet>>;

async function createRule(f: Fleet, body: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/rules-engine?account_id=${f.account.id}`,
    headers: f.headers,
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  await t.ctx.rules.settled();
  return response.json<{ data: Rule }>().data;
}

const arrivalRule = (f: Fleet, path: string, email: string) => ({
  name: 'Van at the depot',
  throttle_enabled: true,
  throttle_hours: 1,
  conditions: [
    { type: 'geofence', data: { triggers: ['enter'], address: f.depot.id } },
    { type: 'tracker_list', data: { values: [f.van.id] } },
  ],
  actions: [
    { type: 'send_webhook', data: { url: `${hookUrl}${path}` } },
    {
      type: 'send_email',
      data: {
        email_addresses: [email],
        subject: '{{name}} reached the depot',
        body: '{{name}} at {{address}}, {{time}}: {{map}}',
        timezone_id: chicagoId,
      },
    },
  ],
});

/** Fixes through the pipeline, then waits for the rules and the jobs they queued. */
async function drive(f: Fleet, fixes: { at: Date; lat: number }[]) {
  for (const one of fixes) await report(t, [fix(f.van.serial, one.at, one.lat, DEPOT.lng)]);
  await t.ctx.rules.settled();
  await t.ctx.jobs.idle();
}

async function firings(f: Fleet, rule: Rule) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/rules-engine/${rule.id}/firings?account_id=${f.account.id}`,
    headers: f.headers,
  });
  return response.json<{ data: RuleFiring[] }>().data;
}

describe('the rules step', () => {
  it('fires once when the tracker enters the geofence: a webhook and an e-mail', async () => {
    const f = await fleet();
    const rule = await createRule(f, arrivalRule(f, '/arrivals', 'ops@example.test'));
    const announced: unknown[] = [];
    const stop = t.ctx.bus.subscribe('rules.fired', (e) => {
      if (e.account_id === f.account.id) announced.push(...e.firings);
    });
    await drive(f, [
      { at: minutesAgo(30), lat: OUTSIDE },
      { at: minutesAgo(20), lat: DEPOT.lat },
      { at: minutesAgo(15), lat: DEPOT.lat },
    ]);
    stop();
    // The author's open tabs hear of it (a toast), once.
    expect(announced).toEqual([
      expect.objectContaining({
        rule_id: rule.id,
        rule_name: 'Van at the depot',
        user_id: f.userId,
        device: { id: f.van.id, name: 'Van 12' },
        trigger: expect.stringContaining('Depot'),
      }),
    ]);

    const posted = received.get('/arrivals') ?? [];
    expect(posted).toEqual([
      expect.objectContaining({
        rule: { id: rule.id, name: 'Van at the depot' },
        trigger: 'event',
        device: { id: f.van.id, name: 'Van 12' },
        location: DEPOT,
        event: expect.objectContaining({ type: 'geofence-enter', geofence_id: f.depot.id }),
      }),
    ]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ops@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Van 12 reached the depot');
    expect(mails[0]!.text).toMatch(
      /^Van 12 at .+, [A-Z][a-z]{2} \d+, \d{4}, \d+:\d{2} [AP]M CST: https:\/\/www\.openstreetmap\.org\//,
    );

    const log = await firings(f, rule);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      device: { id: f.van.id, name: 'Van 12' },
      trigger: expect.stringContaining('Depot'),
      outcomes: [
        { type: 'send_webhook', status: 'sent', detail: 'Answered HTTP 204' },
        { type: 'send_email', status: 'sent', detail: 'E-mailed ops@example.test' },
      ],
    });

    // Out and in again within the hour: the throttle holds it back.
    await drive(f, [
      { at: minutesAgo(10), lat: OUTSIDE },
      { at: minutesAgo(5), lat: DEPOT.lat },
    ]);
    expect(received.get('/arrivals')).toHaveLength(1);
    expect(await firings(f, rule)).toHaveLength(1);
  });

  it('keeps quiet while disabled, and for another account’s tracker', async () => {
    const f = await fleet();
    const other = await fleet();
    await createRule(f, { ...arrivalRule(f, '/disabled', 'off@example.test'), is_enabled: 0 });
    await createRule(other, arrivalRule(other, '/other', 'other@example.test'));
    await drive(f, [
      { at: minutesAgo(20), lat: OUTSIDE },
      { at: minutesAgo(10), lat: DEPOT.lat },
    ]);
    expect(received.get('/disabled')).toBeUndefined();
    expect(received.get('/other')).toBeUndefined();
  });

  it('logs a webhook the receiver refuses as failed, with its answer', async () => {
    const f = await fleet();
    const rule = await createRule(f, {
      conditions: [{ type: 'message_content', data: { value: 'position' } }],
      actions: [{ type: 'send_webhook', data: { url: `${hookUrl}/broken` } }],
    });
    await drive(f, [{ at: minutesAgo(5), lat: OUTSIDE }]);
    const [firing] = await firings(f, rule);
    expect(firing?.outcomes).toEqual([
      { type: 'send_webhook', status: 'failed', detail: 'Answered HTTP 500' },
    ]);
  });

  it('sends the command to the tracker that set it off, through the command queue', async () => {
    const f = await fleet();
    const model = await createModel(t, { title: 'Car Charger' });
    const [locate] = await t.db
      .insert(commands)
      .values({ model_id: model.id, title: 'Locate', commands: 'WHERE#' })
      .returning();
    const rule = await createRule(f, {
      conditions: [{ type: 'message_content', data: { value: 'position' } }],
      actions: [
        { type: 'send_command_to_tracker', data: { tracker_type: model.id, command: locate!.id } },
      ],
    });
    // Van 12 is of another model: the action is refused, without retries.
    await drive(f, [{ at: minutesAgo(6), lat: OUTSIDE }]);
    const [refused] = await firings(f, rule);
    expect(refused?.outcomes).toEqual([
      {
        type: 'send_command_to_tracker',
        status: 'failed',
        detail: "Van 12 is a Mobile 200: not the rule's model",
      },
    ]);

    const charger = await createDevice(t, f.account, { name: 'Charger 3', model_id: model.id });
    await report(t, [fix(charger.serial, minutesAgo(5), OUTSIDE, DEPOT.lng)]);
    await t.ctx.rules.settled();
    await t.ctx.jobs.idle();
    const [sent] = await firings(f, rule);
    expect(sent).toMatchObject({
      device: { id: charger.id, name: 'Charger 3' },
      outcomes: [
        {
          type: 'send_command_to_tracker',
          status: 'sent',
          detail: 'Command "Locate" queued by data',
        },
      ],
    });
    const messages = await t.db
      .select()
      .from(deviceMessages)
      .where(eq(deviceMessages.device_id, charger.id));
    expect(messages.map((m) => [m.message_to_device, m.status])).toEqual([['WHERE#', 'queued']]);
  });

  it('replays the last 7 days without sending anything', async () => {
    const f = await fleet();
    const times = [300, 290, 200, 190, 180, 170].map(minutesAgo);
    await drive(
      f,
      times.map((at, i) => ({ at, lat: i % 2 === 0 ? OUTSIDE : DEPOT.lat })),
    );
    const rule = await createRule(f, {
      ...arrivalRule(f, '/replay', 'replay@example.test'),
      is_enabled: 0,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/rules-engine/${rule.id}/test?account_id=${f.account.id}`,
      headers: f.headers,
    });
    expect(response.statusCode).toBe(200);
    const result = response.json().data;
    // Three arrivals; the third is within the hour of the second.
    expect(result.total).toBe(2);
    expect(result.firings.map((x: { fired_at: string }) => x.fired_at)).toEqual([
      times[1]!.toISOString(),
      times[3]!.toISOString(),
    ]);
    expect(received.get('/replay')).toBeUndefined();
    expect(await firings(f, rule)).toEqual([]);
  });

  it('replays a rule as the form holds it, unsaved, sending nothing', async () => {
    const f = await fleet();
    const times = [300, 290, 200, 190, 180, 170].map(minutesAgo);
    await drive(
      f,
      times.map((at, i) => ({ at, lat: i % 2 === 0 ? OUTSIDE : DEPOT.lat })),
    );
    const saved = await createRule(f, arrivalRule(f, '/draft', 'draft@example.test'));
    const test = async (body: object, headers = f.headers, accountId = f.account.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/rules-engine/test?account_id=${accountId}`,
        headers,
        payload: body,
      });
    const entering = { type: 'geofence', data: { triggers: ['enter'], address: f.depot.id } };

    // The saved rule has a one-hour throttle; the form without it fires on every arrival.
    const { actions } = arrivalRule(f, '/draft', 'draft@example.test');
    const unthrottled = await test({ conditions: [entering], throttle_enabled: false, actions });
    expect(unthrottled.statusCode).toBe(200);
    expect(unthrottled.json().data).toMatchObject({
      total: 3,
      firings: [times[1], times[3], times[5]].map((at) => ({
        fired_at: at!.toISOString(),
        device: { id: f.van.id, name: 'Van 12' },
        trigger: expect.stringContaining('Depot'),
      })),
    });
    const throttled = await test({
      conditions: [entering],
      throttle_enabled: 1,
      throttle_hours: '1',
    });
    expect(throttled.json().data.total).toBe(2);
    // Leaving instead of entering: it never fired on a leave in this history but the last two.
    const leaving = await test({
      conditions: [{ type: 'geofence', data: { triggers: ['exit'], address: f.depot.id } }],
    });
    expect(leaving.json().data.total).toBe(2);
    expect(received.get('/draft')).toBeUndefined();
    expect(await firings(f, saved)).toEqual([]);

    // A viewer may test too (it changes nothing); fields are checked as on save.
    const viewer = await createUser(t, { account: f.account, role: 'viewer' });
    expect(
      (await test({ conditions: [entering] }, await authHeader(t, viewer.email))).statusCode,
    ).toBe(200);
    const invalid = await test({ conditions: [entering], throttle_enabled: true });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({
      throttle_hours: ['Enter the number of hours to wait between two firings'],
    });
    const other = await fleet();
    expect((await test({ conditions: [entering] }, other.headers)).statusCode).toBe(404);
    const without = await createAccount(t, { has_rules_engine: false });
    const admin = await createUser(t, { account: without, role: 'admin' });
    const refused = await test({ conditions: [] }, await authHeader(t, admin.email), without.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Rules are not available to this account');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/rules-engine/test?account_id=${f.account.id}`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
