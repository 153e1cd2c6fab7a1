import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createGeofence,
  createModel,
  createTestApp,
  createUser,
  type TestApp,
} from '../test/test-app';
import {
  operationsOf,
  sample as sampleOf,
  urlOf,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type Parameter,
} from '../test/openapi-samples';

/**
 * Every operation of the OpenAPI document, each field sent bad in turn: NUL and a lone
 * surrogate (`"\ud800"`, which jsonb refuses) in text, ids
 * beyond an integer column, numbers beyond a real column or any sensible range, wrong types.
 * A request must never end in a 5xx, and a bad body field must get a 422 naming it. The
 * operations come from the document, so a route added later is covered without a list here.
 */

type Path = (string | number)[];

const NUL = '\u0000';
/** Half a surrogate pair: JSON carries it, jsonb and UTF-8 do not. */
const LONE_SURROGATE = '\ud800';
const TWENTY_DIGITS = '12345678901234567890';
/** One above the largest PostgreSQL integer. */
const INT4_OVERFLOW = 2_147_483_648;
const HUGE_NUMBERS = [1e308, -1e308, 1e20];

let t: TestApp;
let headers: Record<string, string>;
/** Real values of the account's data by field name, so the handlers behind the schema run. */
let known: Record<string, unknown>;
let pathIds: { account: number; device: number; user: number };

beforeAll(async () => {
  t = await createTestApp();
  const account = await createAccount(t, {
    is_b2b_account: true,
    has_api_access: true,
    can_track_shipments: true,
    settings: { ble_tags: '1', controls_available: '1', custom_commands_available: '1' },
  });
  const admin = await createUser(t, { account, role: 'admin', is_gpx_admin: true });
  headers = await authHeader(t, admin.email);
  // The session token doubles as the API token, so the ingest call passes with one header.
  await t.db
    .update(accounts)
    .set({ api_token: headers.authorization!.replace('Bearer ', '') })
    .where(eq(accounts.id, account.id));
  const model = await createModel(t, { has_temperature: true, has_humidity: true });
  const device = await createDevice(t, account, { model_id: model.id });
  const geofence = await createGeofence(t, account);
  const group = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/${account.id}/groups`,
    headers,
    payload: { name: 'Reefers', device_ids: [device.id] },
  });
  const anchor = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/${account.id}/anchors`,
    headers,
    payload: { name: 'Dock 4', serial: 'aa:bb:cc:dd:ee:ff', lat: 41.88, lng: -87.63 },
  });
  const shipment = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/${account.id}/shipments`,
    headers,
    payload: {
      name: 'PO 1',
      start_at: new Date().toISOString(),
      end_at: new Date(Date.now() + 3600_000).toISOString(),
      device_id: device.id,
      from_geofence_id: geofence.id,
      to_address: { name: 'Dock 4', lat: 41.9, lng: -87.6 },
      notify_at: 0,
    },
  });
  expect([group.statusCode, anchor.statusCode, shipment.statusCode]).toEqual([201, 200, 201]);
  const shipmentId = shipment.json<{ data: { id: number } }>().data.id;
  pathIds = { account: account.id, device: device.id, user: admin.id };
  known = {
    account_id: account.id,
    deviceId: device.id,
    device_id: device.id,
    device_ids: [device.id],
    users: [admin.id],
    groupId: group.json<{ data: { id: number } }>().data.id,
    group_ids: [group.json<{ data: { id: number } }>().data.id],
    geofenceId: geofence.id,
    geofence_id: geofence.id,
    // A shipment's sides: a geofence to start, an address to end (each side takes one).
    from_geofence_id: geofence.id,
    from_address: null,
    to_geofence_id: null,
    to_address: { name: 'Dock 4', lat: 41.9, lng: -87.6 },
    notify_at: 0,
    shipmentId,
    ids: [shipmentId],
    anchorId: anchor.json<{ data: { id: number } }>().data.id,
    imageId: 1,
    timezone_id: 1,
    serial: device.serial,
    // A SIM card's: 19 or 20 digits.
    iccid: '89014103211118510720',
    email: admin.email,
    phone: '(312) 555-0100',
    address: 'Chicago',
    uuid: randomUUID(),
  };
}, 120_000);
afterAll(() => t.close());

/** The path `id`: a tracker under /devices, the user under /users, else the account. */
function pathId(path: string) {
  if (path.startsWith('/api/devices/')) return pathIds.device;
  if (path.startsWith('/api/users/')) return pathIds.user;
  return pathIds.account;
}

/** A value the schema takes, the account's real data where the name says. */
const sample = (schema: JsonSchema, name: string) => sampleOf(schema, name, known);

interface Leaf {
  path: Path;
  schema: JsonSchema;
}

/** Every field of a body, nested ones and list items included, with the sample's shape. */
function leaves(schema: JsonSchema, path: Path = []): Leaf[] {
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option && !schema.type) return leaves({ ...option }, path);
  const own = path.length ? [{ path, schema }] : [];
  if (schema.type === 'object') {
    return [
      ...own,
      ...Object.entries(schema.properties ?? {}).flatMap(([key, sub]) =>
        leaves(sub, [...path, key]),
      ),
    ];
  }
  if (schema.type === 'array' && schema.items) {
    const first = Array.isArray(schema.items) ? schema.items[0] : schema.items;
    return [...own, ...(first ? leaves(first, [...path, 0]) : [])];
  }
  return own;
}

function withValue(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(base)) {
    const copy: unknown[] = [...(base as unknown[])];
    copy[Number(head)] = withValue(copy[Number(head)], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  copy[head] = withValue(copy[head], rest, value);
  return copy;
}

/** The bad values a field of this schema gets, with a word for each. */
function badValues(schema: JsonSchema, base: unknown): [string, unknown][] {
  const type = schema.type;
  if (type === 'string' || type === undefined) {
    const text = typeof base === 'string' ? base : 'x';
    const half = Math.ceil(text.length / 2);
    return [
      ['NUL', `${text.slice(0, half)}${NUL}${text.slice(half)}`],
      ['lone surrogate', `${text.slice(0, half)}${LONE_SURROGATE}${text.slice(half)}`],
      ['wrong type', { not: 'text' }],
    ];
  }
  if (type === 'number' || type === 'integer') {
    const values: [string, unknown][] = HUGE_NUMBERS.map((n) => [String(n), n]);
    if (type === 'integer') {
      values.push(['20-digit id', Number(TWENTY_DIGITS)], ['int4 overflow', INT4_OVERFLOW]);
    }
    return [...values, ['wrong type', 'abc']];
  }
  return [['wrong type', 'abc']];
}

/** Bad values of a path or query parameter, as the text a URL carries. */
function badParams(schema: JsonSchema, name: string, base: string): [string, string | string[]][] {
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)];
  const values: [string, string | string[]][] = [['NUL', `${base}${NUL}`]];
  if (types.includes('integer') || types.includes('number') || /(^id|Id|_ids?)$/.test(name)) {
    values.push(
      ['20-digit id', TWENTY_DIGITS],
      ['int4 overflow', String(INT4_OVERFLOW)],
      ['id list with an overflow', `${base},${INT4_OVERFLOW}`],
      ...HUGE_NUMBERS.map((n): [string, string] => [String(n), String(n)]),
      ['wrong type', 'abc'],
    );
  } else {
    values.push(['wrong type (repeated)', [base, base]]);
  }
  return values;
}

interface Case {
  label: string;
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
  /** The body field sent bad: the answer must be a 422 naming it. */
  bodyField?: string;
}

function cases(path: string, operation: OpenApiOperation): Case[] {
  const parameters = (operation.parameters ?? []).filter((p) => p.in !== 'header');
  const asText = (p: Parameter) => {
    const value = p.in === 'path' && p.name === 'id' ? pathId(path) : sample(p.schema, p.name);
    return Array.isArray(value) ? value.join(',') : String(value);
  };
  const baseParams = { path: {} as Record<string, string>, query: {} as Record<string, string> };
  for (const p of parameters) baseParams[p.in as 'path' | 'query'][p.name] = asText(p);
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const body = bodySchema ? sample(bodySchema, '') : undefined;

  const out: Case[] = [];
  for (const p of parameters) {
    for (const [kind, value] of badParams(p.schema, p.name, asText(p))) {
      const where = p.in as 'path' | 'query';
      out.push({
        label: `${p.in} ${p.name}: ${kind}`,
        path: { ...baseParams.path },
        query: { ...baseParams.query },
        body,
        [where]: { ...baseParams[where], [p.name]: value },
      });
    }
  }
  if (bodySchema) {
    out.push({ ...baseParams, label: 'body: wrong type', body: 'abc', bodyField: 'body' });
    for (const leaf of leaves(bodySchema)) {
      const field = leaf.path.join('.');
      const current = leaf.path.reduce<unknown>(
        (value, key) => (value as Record<string | number, unknown> | undefined)?.[key],
        body,
      );
      for (const [kind, value] of badValues(leaf.schema, current)) {
        out.push({
          ...baseParams,
          label: `body ${field}: ${kind}`,
          body: withValue(body, leaf.path, value),
          bodyField: field,
        });
      }
    }
  }
  return out;
}

/** The 422's `errors` name the field, a field holding it, or a part of it. */
function namesField(errors: Record<string, string[]> | undefined, field: string) {
  return Object.keys(errors ?? {}).some(
    (key) => key === field || field.startsWith(`${key}.`) || key.startsWith(`${field}.`),
  );
}

describe('bad input stops at the schema', () => {
  it('answers every bad field of every documented operation without a 5xx', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
    const failures: string[] = [];
    let sent = 0;
    const operations = operationsOf(document);
    for (const { path, method, operation } of operations) {
      for (const c of cases(path, operation)) {
        const url = urlOf(path, c.path, c.query);
        const response = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          // Each from an address of its own, so a per-address limit (30 invitations a minute)
          // never answers before the schema does.
          remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
          ...(c.body === undefined
            ? { headers }
            : {
                headers: { ...headers, 'content-type': 'application/json' },
                payload: JSON.stringify(c.body),
              }),
        });
        sent += 1;
        const where = `${method.toUpperCase()} ${path} ${c.label}`;
        if (response.statusCode >= 500) {
          failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        } else if (c.bodyField !== undefined) {
          const errors =
            response.statusCode === 422
              ? response.json<{ errors?: Record<string, string[]> }>().errors
              : undefined;
          if (!namesField(errors, c.bodyField)) {
            failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
    // The document lists every route; a few hundred bad requests cover their fields.
    expect(operations.length).toBeGreaterThan(60);
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 600_000);
});
