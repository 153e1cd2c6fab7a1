import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function account() {
  const a = await createAccount(t, { is_b2b_account: true });
  const truck = await createDevice(t, a, { name: 'Truck' });
  const admin = await createUser(t, { account: a, role: 'admin' });
  const viewer = await createUser(t, { account: a, role: 'viewer' });
  return {
    account: a,
    truck,
    admin,
    headers: await authHeader(t, admin.email),
    viewer: await authHeader(t, viewer.email),
    viewerId: viewer.id,
  };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: object,
  payload?: object,
) =>
  t.app.inject({ method, url: `/api${url}`, headers: headers as Record<string, string>, payload });

const body = (extra: object = {}) => ({
  name: 'Weekly trips',
  report: 'trips',
  frequency: 'weekly',
  format: 'pdf',
  emails: ['Desk@Example.test'],
  ...extra,
});

describe('report schedules', () => {
  let a: Awaited<ReturnType<typeof account>>;
  let b: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    a = await account();
    b = await account();
  });

  it('creates, lists and deletes a schedule', async () => {
    const created = await call('POST', `/accounts/${a.account.id}/report-schedules`, a.headers, {
      ...body(),
      device_ids: [a.truck.id],
      user_ids: [a.admin.id],
    });
    expect(created.statusCode).toBe(201);
    const schedule = created.json().data;
    expect(schedule).toMatchObject({
      name: 'Weekly trips',
      report: 'trips',
      frequency: 'weekly',
      format: 'pdf',
      device_ids: [a.truck.id],
      group_ids: [],
      user_ids: [a.admin.id],
      emails: ['desk@example.test'],
      created_by: a.admin.id,
      last_sent_at: null,
    });
    const list = await call('GET', `/accounts/${a.account.id}/report-schedules`, a.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { id: number }) => s.id)).toEqual([schedule.id]);

    const gone = await call(
      'DELETE',
      `/accounts/${a.account.id}/report-schedules/${schedule.id}`,
      a.headers,
    );
    expect(gone.statusCode).toBe(204);
    const after = await call('GET', `/accounts/${a.account.id}/report-schedules`, a.headers);
    expect(after.json().data).toEqual([]);
  });

  it('answers 422 naming the field', async () => {
    const url = `/accounts/${a.account.id}/report-schedules`;
    const cases: [object, string, string][] = [
      [{ name: ' ' }, 'name', 'Give the schedule a name'],
      [{ report: 'events' }, 'report', 'report must be trips, stops or summary'],
      [{ frequency: 'hourly' }, 'frequency', 'frequency must be daily, weekly or monthly'],
      [{ format: 'csv' }, 'format', 'format must be xlsx or pdf'],
      [
        { emails: [] },
        'user_ids',
        'Choose at least one user or e-mail address to mail the report to',
      ],
      [
        { emails: ['not an address'] },
        'emails.0',
        'Each address must be an e-mail address like name@example.com',
      ],
      [
        { device_ids: [b.truck.id] },
        'device_ids',
        'Each tracker must be one of the trackers you see in this account',
      ],
      [{ user_ids: [b.admin.id] }, 'user_ids', 'Each user must be a member of this account'],
      [
        { group_ids: [999999] },
        'group_ids',
        'Each group must be one of the groups of this account',
      ],
    ];
    for (const [extra, field, message] of cases) {
      const response = await call('POST', url, a.headers, body(extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(422);
      expect(response.json().errors[field], field).toEqual([message]);
    }
  });

  it('needs manage Reports: a viewer gets 403', async () => {
    const url = `/accounts/${a.account.id}/report-schedules`;
    const created = await call('POST', url, a.viewer, body());
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe('Access denied');
    expect((await call('GET', url, a.viewer)).statusCode).toBe(403);
  });

  it('never shows or deletes another account’s schedule', async () => {
    const created = await call(
      'POST',
      `/accounts/${b.account.id}/report-schedules`,
      b.headers,
      body(),
    );
    const theirs = created.json().data.id as number;
    expect(
      (await call('GET', `/accounts/${b.account.id}/report-schedules`, a.headers)).statusCode,
    ).toBe(404);
    const viaMine = await call(
      'DELETE',
      `/accounts/${a.account.id}/report-schedules/${theirs}`,
      a.headers,
    );
    expect(viaMine.statusCode).toBe(404);
    const still = await call('GET', `/accounts/${b.account.id}/report-schedules`, b.headers);
    expect(still.json().data.map((s: { id: number }) => s.id)).toEqual([theirs]);
    expect(
      (await call('GET', `/accounts/${a.account.id}/report-schedules`, a.headers)).json().data,
    ).toEqual([]);
  });

  it('edits a schedule: the whole of it, checked as a new one', async () => {
    const url = `/accounts/${a.account.id}/report-schedules`;
    const made = (await call('POST', url, a.headers, body())).json().data;
    expect(made.edited_at).toBeNull();
    const edited = await call('PUT', `${url}/${made.id}`, a.headers, {
      name: 'Daily stops',
      report: 'stops',
      frequency: 'daily',
      format: 'xlsx',
      device_ids: [a.truck.id],
      user_ids: [a.admin.id],
      emails: [],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toEqual({
      ...made,
      name: 'Daily stops',
      report: 'stops',
      frequency: 'daily',
      format: 'xlsx',
      device_ids: [a.truck.id],
      user_ids: [a.admin.id],
      emails: [],
      edited_at: expect.any(String),
    });
    const list = await call('GET', url, a.headers);
    expect(list.json().data.find((s: { id: number }) => s.id === made.id)).toEqual(
      edited.json().data,
    );

    const refused = await call('PUT', `${url}/${made.id}`, a.headers, body({ emails: [] }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.user_ids).toEqual([
      'Choose at least one user or e-mail address to mail the report to',
    ]);
    const stranger = await call(
      'PUT',
      `${url}/${made.id}`,
      a.headers,
      body({ user_ids: [b.admin.id] }),
    );
    expect(stranger.json().errors.user_ids).toEqual(['Each user must be a member of this account']);
    const byViewer = await call('PUT', `${url}/${made.id}`, a.viewer, body());
    expect(byViewer.statusCode).toBe(403);
    const missing = await call('PUT', `${url}/2147483647`, a.headers, body());
    expect(missing.statusCode).toBe(404);
  });

  it('edits no other account’s schedule', async () => {
    const theirs = (
      await call('POST', `/accounts/${b.account.id}/report-schedules`, b.headers, body())
    ).json().data;
    const viaMine = await call(
      'PUT',
      `/accounts/${a.account.id}/report-schedules/${theirs.id}`,
      a.headers,
      body({ name: 'Mine now' }),
    );
    expect(viaMine.statusCode).toBe(404);
    const still = await call('GET', `/accounts/${b.account.id}/report-schedules`, b.headers);
    expect(still.json().data.find((s: { id: number }) => s.id === theirs.id).name).toBe(
      'Weekly trips',
    );
  });

  it('lists the account’s users a schedule can mail, for those who manage reports', async () => {
    const url = `/accounts/${a.account.id}/report-schedules/recipients`;
    const response = await call('GET', url, a.headers);
    expect(response.statusCode).toBe(200);
    const people = response.json().data as { id: number; name: string; email: string }[];
    expect(people.map((p) => p.id).sort()).toEqual([a.admin.id, a.viewerId].sort((x, y) => x - y));
    expect(people.find((p) => p.id === a.admin.id)).toEqual({
      id: a.admin.id,
      name: a.admin.name,
      email: a.admin.email,
    });
    expect((await call('GET', url, a.viewer)).statusCode).toBe(403);
    expect(
      (await call('GET', `/accounts/${b.account.id}/report-schedules/recipients`, a.headers))
        .statusCode,
    ).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/accounts/{id}/report-schedules'])).toEqual(['get', 'post']);
    expect(
      Object.keys(doc.paths['/api/accounts/{id}/report-schedules/{scheduleId}']).sort(),
    ).toEqual(['delete', 'put']);
    expect(doc.paths['/api/accounts/{id}/report-schedules/recipients'].get).toBeDefined();
  });
});
