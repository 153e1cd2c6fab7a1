import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Rule } from '@waymark/domain';
import { accountMemberships, commands, timezones } from '../../db/schema';
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

let t: TestApp;
let utcId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [utc] = await t.db.select().from(timezones).where(eq(timezones.identifier, 'UTC'));
  utcId = utc!.id;
});
afterAll(() => t.close());

/** An account with the rules engine, two trackers, a geofence, and a user of each role. */
async function fleet() {
  const account = await createAccount(t, { has_rules_engine: true });
  const model = await createModel(t);
  const [command, withArguments] = await t.db
    .insert(commands)
    .values([
      { model_id: model.id, title: 'Locate', commands: 'WHERE#' },
      { model_id: model.id, title: 'Interval', commands: 'TIMER,__s__#', has_arguments: true },
    ])
    .returning();
  const van = await createDevice(t, account, { name: 'Van', model_id: model.id });
  const truck = await createDevice(t, account, { name: 'Truck', model_id: model.id });
  const depot = await createGeofence(t, account, { name: 'Depot' });
  const admin = await createUser(t, { account, role: 'admin' });
  const user = await createUser(t, { account, role: 'user', full_device_access: false });
  await t.db
    .update(accountMemberships)
    .set({ device_ids: [van.id] })
    .where(
      and(eq(accountMemberships.user_id, user.id), eq(accountMemberships.account_id, account.id)),
    );
  const viewer = await createUser(t, { account, role: 'viewer' });
  return {
    account,
    model,
    command: command!,
    withArguments: withArguments!,
    van,
    truck,
    depot,
    admin: await authHeader(t, admin.email),
    user: await authHeader(t, user.email),
    viewer: await authHeader(t, viewer.email),
  };
}
type Fleet = Awaited<ReturnType<typeof fleet>>;

const payload = (f: Fleet) => ({
  name: 'Van at the depot',
  is_enabled: 1,
  throttle_enabled: true,
  throttle_hours: '2',
  conditions: [
    { type: 'geofence', data: { triggers: ['enter'], address: f.depot.id } },
    { type: 'tracker_list', operator: 'and', data: { values: [f.van.id] } },
  ],
  actions: [
    { type: 'send_webhook', data: { url: 'https://hooks.example.test/in' } },
    {
      type: 'send_email',
      operator: 'and',
      data: {
        email_addresses: ['ops@example.test'],
        subject: '{{name}} arrived',
        body: '{{name}} at {{address}} ({{time}}): {{map}}',
        timezone_id: utcId,
      },
    },
    {
      type: 'send_command_to_tracker',
      data: { tracker_type: f.model.id, command: f.command.id },
    },
  ],
});

/** The least a rule is saved with: one condition and one action, naming nothing of an account. */
const MINIMAL = {
  conditions: [{ type: 'message_content', data: { value: 'position' } }],
  actions: [{ type: 'send_webhook', data: { url: 'https://hooks.example.test/in' } }],
};

const url = (accountId: number, id?: number) =>
  `/api/rules-engine${id === undefined ? '' : `/${id}`}?account_id=${accountId}`;

async function create(f: Fleet, body: object = payload(f), headers = f.admin) {
  const response = await t.app.inject({
    method: 'POST',
    url: url(f.account.id),
    headers: { ...headers, 'x-timezone': 'America/Chicago' },
    payload: { ...MINIMAL, ...body },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: Rule }>().data;
}

describe('POST /api/rules-engine', () => {
  it('creates a rule with its conditions and actions, read in the caller’s zone', async () => {
    const f = await fleet();
    const rule = await create(f);
    expect(rule).toMatchObject({
      account_id: f.account.id,
      name: 'Van at the depot',
      is_enabled: 1,
      throttle_enabled: true,
      throttle_hours: 2,
      timezone: 'America/Chicago',
      last_fired_at: null,
      conditions: [
        { type: 'geofence', operator: 'and', data: { triggers: ['enter'], address: f.depot.id } },
        { type: 'tracker_list', operator: 'and', data: { values: [f.van.id] } },
      ],
    });
    expect(rule.actions.map((a) => a.type)).toEqual([
      'send_webhook',
      'send_email',
      'send_command_to_tracker',
    ]);
  });

  it("names an unnamed rule 'Untitled rule' and stores empty throttle hours as null", async () => {
    const f = await fleet();
    const rule = await create(f, { name: '', throttle_enabled: false, throttle_hours: '' });
    expect(rule).toMatchObject({ name: 'Untitled rule', throttle_hours: null, is_enabled: 1 });
  });

  it('answers 422 naming the field that is wrong', async () => {
    const f = await fleet();
    const cases: [object, string, string][] = [
      [
        { throttle_enabled: true, throttle_hours: null },
        'throttle_hours',
        'Enter the number of hours to wait between two firings',
      ],
      [
        { conditions: [{ type: 'tracker_name', data: { value: '' } }] },
        'conditions.0.data.value',
        'Enter a value',
      ],
      [
        { conditions: [{ type: 'event_time', data: { time_from: '25:00', time_to: '08:00' } }] },
        'conditions.0.data.time_from',
        'must be a time of day, HH:mm',
      ],
      [
        {
          actions: [
            {
              type: 'send_text_message',
              data: { phone_number: 'call me', message: 'Hi', timezone_id: utcId },
            },
          ],
        },
        'actions.0.data.phone_number',
        'not valid phone',
      ],
      [
        { conditions: [{ type: 'geofence', data: { triggers: ['enter'], address: 2147483000 } }] },
        'conditions.0.data.address',
        'The geofence must be one of the geofences of this account',
      ],
      [
        {
          actions: [
            {
              type: 'send_command_to_tracker',
              data: { tracker_type: f.model.id + 1, command: f.command.id },
            },
          ],
        },
        'actions.0.data.command',
        "The command must be one of the model's commands without arguments",
      ],
      [
        {
          actions: [
            {
              type: 'send_command_to_tracker',
              data: { tracker_type: f.model.id, command: f.withArguments.id },
            },
          ],
        },
        'actions.0.data.command',
        "The command must be one of the model's commands without arguments",
      ],
      [
        {
          actions: [
            {
              type: 'send_email',
              data: {
                email_addresses: ['a@example.test'],
                subject: 'S',
                body: '',
                timezone_id: 2147483000,
              },
            },
          ],
        },
        'actions.0.data.timezone_id',
        'The time zone must be one of the listed time zones',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: url(f.account.id),
        headers: f.admin,
        payload: { ...MINIMAL, ...body },
      });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().errors[field], field).toEqual([message]);
    }
  });

  it('answers 422 naming the field of an episode condition that is wrong (issue 36 §4)', async () => {
    const f = await fleet();
    const cases: [object, string, string][] = [
      [
        { type: 'speeding', data: { unit: 'mph', duration_seconds: 0 } },
        'speed',
        'Enter a speed from 1 to 500',
      ],
      [
        { type: 'speeding', data: { speed: 60, unit: 'knots', duration_seconds: 0 } },
        'unit',
        'Choose mph or km/h',
      ],
      [
        { type: 'speeding', data: { speed: 60, unit: 'kmh', duration_seconds: 1.5 } },
        'duration_seconds',
        'Enter the seconds it must last, from 0 to 86400',
      ],
      [{ type: 'idling', data: { minutes: 0 } }, 'minutes', 'Enter the minutes from 1 to 1440'],
      [{ type: 'trip', data: { when: 'paused' } }, 'when', 'Choose started or ended'],
      [{ type: 'no_report', data: { hours: 0.5 } }, 'hours', 'Enter the hours from 1 to 720'],
      [
        { type: 'temperature', data: { unit: 'f', min: 50, max: 40 } },
        'max',
        'The lowest value must be below the highest',
      ],
      [
        { type: 'temperature', data: { unit: 'c', min: -80, max: 4 } },
        'min',
        'Enter a temperature from -50 to 150 °C',
      ],
      [
        { type: 'humidity', data: { min: 20, max: 120 } },
        'max',
        'Enter a humidity from 0 to 100 %',
      ],
      [{ type: 'battery', data: { below: 0 } }, 'below', 'Enter a percentage from 1 to 100'],
    ];
    for (const [condition, field, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: url(f.account.id),
        headers: f.admin,
        payload: { ...MINIMAL, conditions: [condition] },
      });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().errors[`conditions.0.data.${field}`], field).toEqual([message]);
    }
    const good = await t.app.inject({
      method: 'POST',
      url: url(f.account.id),
      headers: f.admin,
      payload: {
        ...MINIMAL,
        conditions: [{ type: 'speeding', data: { speed: 70, unit: 'mph', duration_seconds: 30 } }],
      },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().data.conditions).toEqual([
      { type: 'speeding', operator: 'and', data: { speed: 70, unit: 'mph', duration_seconds: 30 } },
    ]);
  });

  it('lists the episode conditions in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const text = JSON.stringify(doc.paths['/api/rules-engine'].post);
    for (const type of [
      'speeding',
      'idling',
      'trip',
      'no_report',
      'temperature',
      'humidity',
      'battery',
    ]) {
      expect(text, type).toContain(`"${type}"`);
    }
    expect(text).toContain('duration_seconds');
  });

  it('refuses a rule without a condition or an action, naming the list (issue 35.8)', async () => {
    const f = await fleet();
    const post = (body: object) =>
      t.app.inject({ method: 'POST', url: url(f.account.id), headers: f.admin, payload: body });
    const fresh = await post({ name: '', is_enabled: 1, conditions: [], actions: [] });
    expect(fresh.statusCode).toBe(422);
    expect(fresh.json().errors).toEqual({
      conditions: ['Add at least one condition'],
      actions: ['Add at least one action'],
    });
    const absent = await post({ conditions: MINIMAL.conditions });
    expect(absent.statusCode).toBe(422);
    expect(absent.json()).toEqual({
      message: 'Add at least one action',
      errors: { actions: ['Add at least one action'] },
    });
    const rule = await create(f);
    const emptied = await t.app.inject({
      method: 'PUT',
      url: url(f.account.id, rule.id),
      headers: f.admin,
      payload: { ...payload(f), conditions: [] },
    });
    expect(emptied.statusCode).toBe(422);
    expect(emptied.json().errors.conditions).toEqual(['Add at least one condition']);
    const listed = await t.app.inject({ url: url(f.account.id), headers: f.admin });
    expect(listed.json().data.map((r: Rule) => r.conditions.length)).toEqual([2]);
  });

  it('refuses trackers the caller does not see, and another account’s', async () => {
    const f = await fleet();
    const other = await fleet();
    for (const [headers, id] of [
      [f.user, f.truck.id],
      [f.admin, other.van.id],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: url(f.account.id),
        headers,
        payload: { ...MINIMAL, conditions: [{ type: 'tracker_list', data: { values: [id] } }] },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors['conditions.0.data.values']).toEqual([
        'Every id in values must be a tracker you see in this account',
      ]);
    }
    await create(
      f,
      { conditions: [{ type: 'tracker_list', data: { values: [f.van.id] } }] },
      f.user,
    );
  });

  it('needs manage Rules (403 for a viewer) and the rules engine (403)', async () => {
    const f = await fleet();
    const viewer = await t.app.inject({
      method: 'POST',
      url: url(f.account.id),
      headers: f.viewer,
      payload: MINIMAL,
    });
    expect(viewer.statusCode).toBe(403);
    const without = await createAccount(t, { has_rules_engine: false });
    const admin = await createUser(t, { account: without, role: 'admin' });
    const response = await t.app.inject({
      method: 'POST',
      url: url(without.id),
      headers: await authHeader(t, admin.email),
      payload: MINIMAL,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Rules are not available to this account');
  });

  it('answers 401 without a token and 404 for an account the caller is not in', async () => {
    const f = await fleet();
    const other = await fleet();
    expect(
      (await t.app.inject({ method: 'POST', url: url(f.account.id), payload: {} })).statusCode,
    ).toBe(401);
    const response = await t.app.inject({
      method: 'POST',
      url: url(other.account.id),
      headers: f.admin,
      payload: MINIMAL,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/rules-engine', () => {
  it('lists the account’s rules by name, to every member', async () => {
    const f = await fleet();
    await create(f, { name: 'beta' });
    await create(f, { name: 'Alpha' });
    await create(await fleet(), { name: 'Elsewhere' });
    const response = await t.app.inject({
      method: 'GET',
      url: url(f.account.id),
      headers: f.viewer,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: Rule[]; meta: { total: number } }>();
    expect(body.data.map((r) => r.name)).toEqual(['Alpha', 'beta']);
    expect(body.meta.total).toBe(2);
  });

  it('answers 422 without account_id', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/rules-engine',
      headers: f.admin,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['account_id']);
  });
});

describe('GET, PUT and DELETE /api/rules-engine/{id}', () => {
  it('reads, replaces and deletes a rule', async () => {
    const f = await fleet();
    const rule = await create(f);
    const read = await t.app.inject({
      method: 'GET',
      url: url(f.account.id, rule.id),
      headers: f.viewer,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(rule);

    const put = await t.app.inject({
      method: 'PUT',
      url: url(f.account.id, rule.id),
      headers: { ...f.user, 'x-timezone': 'Europe/Berlin' },
      payload: {
        ...payload(f),
        name: 'Renamed',
        is_enabled: 0,
        throttle_enabled: false,
        throttle_hours: null,
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      id: rule.id,
      name: 'Renamed',
      is_enabled: 0,
      throttle_enabled: false,
      throttle_hours: null,
      timezone: 'Europe/Berlin',
    });

    const del = await t.app.inject({
      method: 'DELETE',
      url: url(f.account.id, rule.id),
      headers: f.user,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ data: { id: rule.id } });
    const gone = await t.app.inject({
      method: 'GET',
      url: url(f.account.id, rule.id),
      headers: f.admin,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 404 for another account’s rule, even with its own account_id', async () => {
    const f = await fleet();
    const other = await fleet();
    const theirs = await create(other);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const mine = await t.app.inject({
        method,
        url: url(f.account.id, theirs.id),
        headers: f.admin,
        ...(method === 'PUT' ? { payload: MINIMAL } : {}),
      });
      expect(mine.statusCode, method).toBe(404);
      const foreign = await t.app.inject({
        method,
        url: url(other.account.id, theirs.id),
        headers: f.admin,
        ...(method === 'PUT' ? { payload: MINIMAL } : {}),
      });
      expect(foreign.statusCode, method).toBe(404);
    }
    const still = await t.app.inject({
      method: 'GET',
      url: url(other.account.id, theirs.id),
      headers: other.admin,
    });
    expect(still.json().data.name).toBe('Van at the depot');
  });

  it('refuses writes to a viewer (403) and reads its firing log', async () => {
    const f = await fleet();
    const rule = await create(f);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: url(f.account.id, rule.id),
        headers: f.viewer,
        ...(method === 'PUT' ? { payload: MINIMAL } : {}),
      });
      expect(response.statusCode, method).toBe(403);
    }
    const firings = await t.app.inject({
      method: 'GET',
      url: `/api/rules-engine/${rule.id}/firings?account_id=${f.account.id}`,
      headers: f.viewer,
    });
    expect(firings.statusCode).toBe(200);
    expect(firings.json()).toEqual({ data: [] });
  });
});

describe('GET /api/models', () => {
  it('lists models a page at a time, and a model’s commands', async () => {
    const f = await fleet();
    const models = await t.app.inject({
      method: 'GET',
      url: '/api/models?per_page=200',
      headers: f.viewer,
    });
    expect(models.statusCode).toBe(200);
    expect(models.json().data).toContainEqual({
      id: f.model.id,
      title: f.model.title,
      device_type: f.model.device_type,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/models/${f.model.id}/commands`,
      headers: f.viewer,
    });
    expect(
      list
        .json()
        .data.map((c: { title: string; has_arguments: boolean }) => [c.title, c.has_arguments]),
    ).toEqual([
      ['Interval', true],
      ['Locate', false],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/models' })).statusCode).toBe(401);
  });
});
