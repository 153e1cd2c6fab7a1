import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MODEL_IDS, ROLES, type Role } from '@waymark/domain';
import { queryRows } from '../db/client';
import { seedDemoInstallation } from '../demo/demo-installation';
import {
  authHeader,
  createAccount,
  createUser,
  type TestApp,
  createTestApp,
} from '../test/test-app';
import {
  operationsOf,
  sample,
  urlOf,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
} from '../test/openapi-samples';
import { ROUTE_ACCESS_ANSWERS, type RegisteredRoute } from './route-access';
import { logSerializers } from './log-serializers';
import { DEMO_PASSWORD } from '../demo/demo';

/**
 * Issue 24: tenant isolation, generated from the registered routes. Every route declares who
 * may call it (`config.access`, http/route-access.ts). Each is called by no one and by each
 * role of a stranger account, with the ids of another account's real data (the whole demo,
 * seeded as `npm start` seeds it), and must answer what its declaration says. A route without
 * a declaration fails here. Public pages answer only the fields their response declares.
 */

let t: TestApp;
/** The whole run's log, at every level, through the production serializers (issue 24). */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});
/** The account whose data the strangers aim at: Demo Logistics, with one of everything. */
let elsewhere: number;
const strangers = new Map<Role, Record<string, string>>();
/** Real values of the other account's data, by the name a parameter or a field has. */
let known: Record<string, unknown>;
/** Path parameters by the path segment before them: `/devices/{id}` takes a tracker's id. */
let idAfter: Record<string, string>;

/** The first row's `v` of a lookup; `$1` is the account id (a number, never user input). */
const one = async (text: string, account?: number) => {
  const query = account === undefined ? text : text.replaceAll('$1', String(Number(account)));
  const rows = await queryRows<{ v: string | number | null }>(t.db, sql.raw(query));
  const v = rows[0]?.v;
  return v === undefined || v === null ? undefined : String(v);
};

beforeAll(async () => {
  t = await createTestApp(
    {},
    { logger: { level: 'trace', serializers: logSerializers, stream: logStream } },
  );
  await seedDemoInstallation(t.database, t.ctx, t.ctx.pipeline, t.app.log);
  elsewhere = Number(await one(`SELECT id AS v FROM accounts WHERE title = 'Demo Logistics'`));
  const B = elsewhere;
  const ids = {
    account: String(B),
    device: await one('SELECT min(id) AS v FROM devices WHERE account_id = $1', B),
    group: await one('SELECT min(id) AS v FROM device_groups WHERE account_id = $1', B),
    geofence: await one('SELECT min(id) AS v FROM geofences WHERE account_id = $1', B),
    anchor: await one('SELECT min(id) AS v FROM anchors WHERE account_id = $1', B),
    report: await one('SELECT min(id) AS v FROM reports WHERE account_id = $1', B),
    schedule: await one('SELECT min(id) AS v FROM report_schedules WHERE account_id = $1', B),
    shipment: await one('SELECT min(id) AS v FROM shipments WHERE account_id = $1', B),
    rule: await one('SELECT min(id) AS v FROM rules WHERE account_id = $1', B),
    dialog: await one('SELECT min(id) AS v FROM dialogs WHERE account_id = $1', B),
    order: await one('SELECT min(id) AS v FROM orders WHERE account_id = $1', B),
    address: await one('SELECT min(id) AS v FROM addresses WHERE account_id = $1', B),
    subscription: await one('SELECT min(id) AS v FROM subscriptions WHERE account_id = $1', B),
    paymentMethod: await one('SELECT min(id) AS v FROM payment_methods WHERE account_id = $1', B),
    event: await one('SELECT min(id) AS v FROM device_events WHERE account_id = $1', B),
    user: await one(`SELECT min(user_id) AS v FROM account_memberships WHERE account_id = $1`, B),
    message: await one(
      `SELECT min(m.id) AS v FROM dialog_messages m JOIN dialogs d ON d.id = m.dialog_id
       WHERE d.account_id = $1`,
      B,
    ),
    payment: await one(
      `SELECT min(p.id) AS v FROM payments p JOIN orders o ON o.id = p.order_id
       WHERE o.account_id = $1`,
      B,
    ),
    image: await one(
      `SELECT min(i.id) AS v FROM anchor_images i JOIN anchors a ON a.id = i.anchor_id
       WHERE a.account_id = $1`,
      B,
    ),
    file: await one(
      `SELECT min(f.id) AS v FROM chat_files f JOIN account_memberships m ON m.user_id = f.user_id
       WHERE m.account_id = $1`,
      B,
    ),
    setupIntent: await one('SELECT min(id) AS v FROM setup_intents WHERE account_id = $1', B),
    model: await one('SELECT min(model_id) AS v FROM devices WHERE account_id = $1', B),
    product: await one('SELECT min(id) AS v FROM products'),
    // The demo invites nobody: one pending invitation, for the routes of pending invitations.
    invite: await one(
      `INSERT INTO invitations (account_id, email, role, expires_at)
       VALUES ($1, 'pending-isolation@example.test', 'viewer', now() + interval '7 days')
       RETURNING id AS v`,
      B,
    ),
  };
  idAfter = Object.fromEntries(
    Object.entries({
      accounts: ids.account,
      devices: ids.device,
      trackers: ids.device,
      groups: ids.group,
      geofences: ids.geofence,
      anchors: ids.anchor,
      images: ids.image,
      reports: ids.report,
      'report-schedules': ids.schedule,
      shipments: ids.shipment,
      'rules-engine': ids.rule,
      dialogs: ids.dialog,
      messages: ids.message,
      files: ids.file,
      orders: ids.order,
      payments: ids.payment,
      addresses: ids.address,
      subscriptions: ids.subscription,
      'payment-methods': ids.paymentMethod,
      'setup-intents': ids.setupIntent,
      events: ids.event,
      users: ids.user,
      models: ids.model,
      products: ids.product,
      invites: ids.invite,
    }).map(([segment, id]) => [segment, id ?? '999999']),
  );
  const missing = Object.entries(ids).filter(([, id]) => id === undefined);
  // The demo holds one of each; a missing one would make its routes' 404 say nothing.
  expect(missing.map(([name]) => name)).toEqual(['image', 'file', 'setupIntent']);

  const id = (v: string | undefined) => Number(v ?? 999999);
  known = {
    account_id: id(ids.account),
    accountId: id(ids.account),
    device_id: id(ids.device),
    deviceId: id(ids.device),
    device_ids: [id(ids.device)],
    ids: [id(ids.shipment)],
    group_ids: [id(ids.group)],
    groupId: id(ids.group),
    geofence_id: id(ids.geofence),
    geofenceId: id(ids.geofence),
    from_geofence_id: id(ids.geofence),
    from_address: null,
    to_geofence_id: null,
    to_address: { name: 'Dock 4', lat: 41.9, lng: -87.6 },
    notify_at: 0,
    shipmentId: id(ids.shipment),
    anchorId: id(ids.anchor),
    reportId: id(ids.report),
    dialogId: id(ids.dialog),
    dialog_id: id(ids.dialog),
    messageId: id(ids.message),
    paymentId: id(ids.payment),
    userId: id(ids.user),
    users: [id(ids.user)],
    addressId: id(ids.address),
    paymentMethodId: id(ids.paymentMethod),
    inviteId: id(ids.invite),
    eventId: id(ids.event),
    imageId: id(ids.image),
    uuid: await one(`SELECT uuid AS v FROM shipments WHERE account_id = $1 LIMIT 1`, B),
    provider: 'sandbox',
    email: 'stranger@example.test',
    emails: ['stranger@example.test'],
    include: 'device',
    // A range in the past: a report may not reach into the future.
    start_at: new Date(Date.now() - 7200_000).toISOString(),
    end_at: new Date(Date.now() - 60_000).toISOString(),
    notification_emails: ['stranger@example.test'],
    notification_phone_numbers: ['(312) 555-0100'],
    geo_json: {
      type: 'Polygon',
      coordinates: [
        [
          [-87.7, 41.8],
          [-87.6, 41.8],
          [-87.6, 41.9],
          [-87.7, 41.8],
        ],
      ],
    },
    iccid: '89014103211118510720',
    first_serial: '869000000000950',
    model: AI_MODEL_IDS[0],
    phone: '(312) 555-0100',
    timezone_id: 1,
  };

  const account = await createAccount(t, {
    is_b2b_account: true,
    has_api_access: true,
    has_rules_engine: true,
    can_track_shipments: true,
    settings: { ble_tags: '1', controls_available: '1', custom_commands_available: '1' },
  });
  for (const role of ROLES) {
    const user = await createUser(t, { account, role });
    strangers.set(role, await authHeader(t, user.email));
  }
}, 300_000);
afterAll(() => t.close());

/** The public pages by uuid: their uuid, of the other account's real object. */
async function publicUuid(path: string) {
  const B = elsewhere;
  if (path.startsWith('/api/public-shipments/'))
    return one('SELECT uuid AS v FROM shipments WHERE account_id = $1 LIMIT 1', B);
  if (path.startsWith('/api/public-reports/'))
    return one('SELECT uuid AS v FROM reports WHERE account_id = $1 AND is_public LIMIT 1', B);
  if (path.startsWith('/api/public-orders/'))
    return one('SELECT uuid AS v FROM orders WHERE account_id = $1 LIMIT 1', B);
  if (path.startsWith('/api/exports/')) return one('SELECT id AS v FROM export_files LIMIT 1');
  return undefined;
}

/** Fastify's `/a/:b` as the document's `/a/{b}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The request a route gets: the other account's ids in the path, query and body. */
async function requestFor(path: string, operation: OpenApiOperation | undefined) {
  const segments = path.split('/');
  const pathValues: Record<string, string> = {};
  const unresolved: string[] = [];
  for (const [i, segment] of segments.entries()) {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!name) continue;
    const before = segments[i - 1]!;
    const schema = operation?.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
    const value =
      name === 'uuid'
        ? await publicUuid(path)
        : name in known && name !== 'id'
          ? String(known[name])
          : (idAfter[before] ?? (schema?.enum ? String(schema.enum[0]) : undefined));
    if (value === undefined) unresolved.push(name);
    pathValues[name] = value ?? '999999';
  }
  const query: Record<string, string> = {};
  for (const p of operation?.parameters ?? []) {
    if (p.in !== 'query') continue;
    // A list's status filter takes a shipment status; a body's status takes its own enum.
    const value = sample(p.schema, p.name, { status: 'in-progress', ...known });
    query[p.name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  const bodySchema = operation?.requestBody?.content['application/json']?.schema;
  const body = bodySchema ? sample(bodySchema, '', known) : undefined;
  return { url: urlOf(path, pathValues, query), body, unresolved };
}

/** Keys of `value` its response schema does not declare, as dotted paths. */
function undeclared(value: unknown, schema: JsonSchema | undefined, at = ''): string[] {
  if (!schema || value === null || typeof value !== 'object') return [];
  const option = schema.anyOf ?? schema.oneOf;
  if (option) {
    const fits = option.map((s) => undeclared(value, s, at));
    return fits.find((f) => f.length === 0) ?? fits[0] ?? [];
  }
  if (Array.isArray(value)) {
    const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
    return value.flatMap((item, i) => undeclared(item, items, `${at}[${i}]`));
  }
  if (schema.type !== 'object' || !schema.properties) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, sub]) =>
    key in schema.properties!
      ? undeclared(sub, schema.properties![key], `${at}.${key}`)
      : [`${at}.${key}`],
  );
}

/** The API's routes, the OpenAPI document's own pages aside. */
const ourRoutes = () =>
  t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

describe('isolation, from the route table', () => {
  it('every route declares who may call it', () => {
    const undeclaredRoutes = ourRoutes()
      .filter((r) => r.access === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclaredRoutes).toEqual([]);
  });

  it('answers no one and every role of another account as each route declares', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
    const operations = new Map(
      operationsOf(document).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o.operation]),
    );
    const routes = ourRoutes().filter(
      (r): r is RegisteredRoute & { access: NonNullable<RegisteredRoute['access']> } =>
        r.access !== undefined,
    );
    // Logging out ends the strangers' sessions: last.
    const logout = (r: RegisteredRoute) => r.method === 'DELETE' && r.url === '/api/token';
    routes.sort((a, b) => Number(logout(a)) - Number(logout(b)));
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const path = documentPath(route.url);
      const operation = operations.get(`${route.method} ${path}`);
      const { url, body, unresolved } = await requestFor(path, operation);
      const where = `${route.method} ${route.url} (${route.access})`;
      // A public link to nothing the demo holds (an export, a photo) answers 404 like any other.
      if (unresolved.length > 0 && route.access !== 'public') {
        failures.push(`${where}: no id for ${unresolved.join(', ')}`);
      }
      const call = async (headers: Record<string, string>) => {
        requests += 1;
        return t.app.inject({
          method: route.method as 'GET',
          url,
          headers:
            body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
      };
      const expected = ROUTE_ACCESS_ANSWERS[route.access];

      const anonymous = await call({});
      if (anonymous.statusCode >= 500) {
        failures.push(`${where} no one: ${anonymous.statusCode}`);
      } else if (expected.anonymous !== 'any' && anonymous.statusCode !== expected.anonymous) {
        failures.push(`${where} no one: ${anonymous.statusCode}, not ${expected.anonymous}`);
      } else if (route.access === 'public' && anonymous.statusCode === 200) {
        const schema = operation?.responses?.['200']?.content?.['application/json']?.schema;
        if (anonymous.headers['content-type']?.toString().startsWith('application/json')) {
          const extra = undeclared(anonymous.json(), schema);
          if (extra.length > 0) failures.push(`${where}: undeclared fields ${extra.join(', ')}`);
        }
      }
      if (route.access === 'public') continue;

      for (const [role, headers] of strangers) {
        const answer = await call(headers);
        const status = answer.statusCode;
        const wrong =
          status >= 500 ||
          (expected.stranger === 'own data' ? status === 401 : status !== expected.stranger);
        if (wrong) {
          failures.push(
            `${where} ${role} of another account: ${status} ${answer.body.slice(0, 120)}`,
          );
        }
      }
    }
    console.info(`isolation: ${routes.length} routes, ${requests} requests`);
    // Every route of the app: a few hundred requests.
    expect(routes.length).toBeGreaterThan(170);
    expect(requests).toBeGreaterThan(700);
    expect(failures).toEqual([]);
  }, 600_000);

  it('logged no password, token or e-mail body in the whole run', async () => {
    // A reset link in the outbox, so its token is among what the log must not hold.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'admin@demo.test' },
    });
    expect(forgot.statusCode).toBe(200);
    const secrets = [
      DEMO_PASSWORD,
      ...[...strangers.values()].map((h) => h.authorization!.replace('Bearer ', '')),
      ...(
        await queryRows<{ v: string }>(
          t.db,
          sql`SELECT api_token AS v FROM accounts WHERE api_token IS NOT NULL`,
        )
      ).map((r) => r.v),
      // The mails' bodies hold links with tokens (resets, invitations) and personal data:
      // queued ones in the delivery outbox (read first: a send clears its text there after
      // writing the mail), sent ones in the mail outbox.
      ...(
        await queryRows<{ v: string }>(
          t.db,
          sql`SELECT text AS v FROM outbound_messages WHERE text <> ''`,
        )
      ).map((r) => r.v),
      ...(await queryRows<{ v: string }>(t.db, sql`SELECT text AS v FROM mail_outbox`)).map(
        (r) => r.v,
      ),
    ];
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(10_000);
    expect(secrets.some((secret) => secret.includes('/reset-password?token='))).toBe(true);
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
  });
});
