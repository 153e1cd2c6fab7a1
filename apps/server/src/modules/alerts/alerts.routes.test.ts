import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountMemberships, deviceEvents, deviceGroups, devices } from '../../db/schema';
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

/** An account with two trackers, an admin and a viewer who sees only Alpha. */
async function fleet() {
  const account = await createAccount(t, { is_b2b_account: true });
  const alpha = await createDevice(t, account, { name: 'Alpha' });
  const bravo = await createDevice(t, account, { name: 'Bravo' });
  const admin = await createUser(t, { account, role: 'admin' });
  const viewer = await createUser(t, { account, role: 'viewer', full_device_access: false });
  await t.db
    .update(accountMemberships)
    .set({ device_ids: [alpha.id] })
    .where(
      and(eq(accountMemberships.user_id, viewer.id), eq(accountMemberships.account_id, account.id)),
    );
  return {
    account,
    alpha,
    bravo,
    admin: await authHeader(t, admin.email),
    viewer: await authHeader(t, viewer.email),
  };
}

async function addEvents(
  accountId: number,
  deviceId: number,
  count: number,
  start = Date.UTC(2026, 10, 1),
) {
  return t.db
    .insert(deviceEvents)
    .values(
      Array.from({ length: count }, (_, i) => ({
        account_id: accountId,
        device_id: deviceId,
        event_type: 'geofence-enter' as const,
        description: `Entered Depot ${i}`,
        created_at: new Date(start + i * 60_000),
      })),
    )
    .returning({ id: deviceEvents.id });
}

const DEFAULTS = [
  { code: 'notify_geofence_enter_exit', value: 0 },
  { code: 'notify_low_charge', value: 0 },
  { code: 'notify_device_alert', value: 0 },
  { code: 'notify_shipment_begin_end_late', value: 0 },
  { code: 'receive_subscription_notifications', value: 1 },
  { code: 'receive_billing_notifications', value: 1 },
  { code: 'notify_via_email', value: 0 },
  { code: 'notify_via_mobile', value: 0 },
  { code: 'notify_via_sms', value: 0 },
];

describe('notification settings', () => {
  it('answers every code with its default until the user stores one', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/notification-settings`,
      headers: f.viewer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(DEFAULTS);
  });

  it('stores the codes sent for this user only; the others keep their values', async () => {
    const f = await fleet();
    const url = `/api/accounts/${f.account.id}/notification-settings`;
    const stored = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.viewer,
      payload: {
        settings: [
          { code: 'notify_geofence_enter_exit', value: 1 },
          { code: 'receive_billing_notifications', value: 0 },
          { code: 'notify_via_email', value: 1 },
        ],
      },
    });
    expect(stored.statusCode).toBe(200);
    const expected = DEFAULTS.map((s) =>
      s.code === 'notify_geofence_enter_exit' || s.code === 'notify_via_email'
        ? { ...s, value: 1 }
        : s.code === 'receive_billing_notifications'
          ? { ...s, value: 0 }
          : s,
    );
    expect(stored.json().data).toEqual(expected);
    const again = await t.app.inject({ url, headers: f.viewer });
    expect(again.json().data).toEqual(expected);
    const admins = await t.app.inject({ url, headers: f.admin });
    expect(admins.json().data).toEqual(DEFAULTS);
  });

  it('refuses a code outside the spec, naming it', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${f.account.id}/notification-settings`,
      headers: f.admin,
      payload: { settings: [{ code: 'notify_everything', value: 1 }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('notify_everything is not a notification setting');
    expect(Object.keys(response.json().errors)).toEqual(['settings.0.code']);
  });

  it('refuses values other than 0 and 1, naming the code', async () => {
    const f = await fleet();
    for (const value of [2, '1', true, null]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/accounts/${f.account.id}/notification-settings`,
        headers: f.admin,
        payload: { settings: [{ code: 'notify_low_charge', value }] },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('The value of notify_low_charge must be 0 or 1');
    }
  });

  it("answers 404 for another account's settings and 401 without a token", async () => {
    const f = await fleet();
    const other = await fleet();
    const url = `/api/accounts/${other.account.id}/notification-settings`;
    expect((await t.app.inject({ url, headers: f.admin })).statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.admin,
      payload: { settings: [{ code: 'notify_low_charge', value: 1 }] },
    });
    expect(put.statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('Recent Alerts', () => {
  it('pages the account’s events ten at a time, newest first, with the tracker', async () => {
    const f = await fleet();
    await addEvents(f.account.id, f.alpha.id, 12);
    await addEvents(f.account.id, f.bravo.id, 3, Date.UTC(2026, 9, 1));
    const url = `/api/accounts/${f.account.id}/events`;
    const first = await t.app.inject({ url, headers: f.admin });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.data).toHaveLength(10);
    expect(body.meta).toMatchObject({ current_page: 1, last_page: 2, total: 15 });
    expect(body.data[0]).toMatchObject({
      description: 'Entered Depot 11',
      event_type: 'geofence-enter',
      device: { id: f.alpha.id, name: 'Alpha' },
      created_at: '2026-11-01T00:11:00.000Z',
    });
    const second = await t.app.inject({ url: `${url}?page=2&per_page=10`, headers: f.admin });
    expect(second.json().data.map((e: { description: string }) => e.description)).toEqual([
      'Entered Depot 1',
      'Entered Depot 0',
      'Entered Depot 2',
      'Entered Depot 1',
      'Entered Depot 0',
    ]);
  });

  it('shows a member with limited access only the events of the trackers they see', async () => {
    const f = await fleet();
    await addEvents(f.account.id, f.alpha.id, 2);
    await addEvents(f.account.id, f.bravo.id, 2);
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/events`,
      headers: f.viewer,
    });
    const { data, meta } = response.json();
    expect(meta.total).toBe(2);
    expect(data.every((e: { device: { name: string } }) => e.device.name === 'Alpha')).toBe(true);
    const bravo = await t.app.inject({
      url: `/api/accounts/${f.account.id}/events?device_id=${f.bravo.id}`,
      headers: f.viewer,
    });
    expect(bravo.statusCode).toBe(404);
  });

  it('keeps the events of the trackers and groups asked for (the Fleet reports’ Events)', async () => {
    const f = await fleet();
    const charlie = await createDevice(t, f.account, { name: 'Charlie' });
    const [group] = await t.db
      .insert(deviceGroups)
      .values({ account_id: f.account.id, name: 'Night shift' })
      .returning();
    await t.db
      .update(devices)
      .set({ group_ids: [group!.id] })
      .where(eq(devices.id, charlie.id));
    await addEvents(f.account.id, f.alpha.id, 2);
    await addEvents(f.account.id, f.bravo.id, 3);
    await addEvents(f.account.id, charlie.id, 4);
    const names = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/accounts/${f.account.id}/events?per_page=100&${query}`,
        headers: f.admin,
      });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      return [...new Set(data.map((e: { device: { name: string } }) => e.device.name))].sort();
    };
    expect(await names(`device_ids=${f.alpha.id},${f.bravo.id}`)).toEqual(['Alpha', 'Bravo']);
    expect(await names(`group_ids=${group!.id}`)).toEqual(['Charlie']);
    expect(await names(`device_ids=${f.alpha.id}&group_ids=${group!.id}`)).toEqual([]);
    const bad = await t.app.inject({
      url: `/api/accounts/${f.account.id}/events?device_ids=x`,
      headers: f.admin,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['device_ids']);
  });

  it("answers 404 for another account's events and 422 for a bad page", async () => {
    const f = await fleet();
    const other = await fleet();
    const theirs = await t.app.inject({
      url: `/api/accounts/${other.account.id}/events`,
      headers: f.admin,
    });
    expect(theirs.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: `/api/accounts/${f.account.id}/events?page=0`,
      headers: f.admin,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['page']);
  });

  it('answers one event by id, as JSON or as a download', async () => {
    const f = await fleet();
    const [event] = await addEvents(f.account.id, f.alpha.id, 1);
    const url = `/api/accounts/${f.account.id}/events/${event!.id}`;
    const one = await t.app.inject({ url, headers: f.viewer });
    expect(one.json().data).toMatchObject({ id: event!.id, description: 'Entered Depot 0' });
    const csv = await t.app.inject({ url: `${url}?download=true&offset=300`, headers: f.viewer });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="event-${event!.id}.csv"`,
    );
    expect(csv.body.split('\r\n')).toEqual([
      'id,time,tracker,event_type,description,latitude,longitude',
      `${event!.id},2026-10-31 19:00:00,Alpha,geofence-enter,Entered Depot 0,,`,
      '',
    ]);
  });

  it('answers 404 for an event of another account or of a tracker the member does not see', async () => {
    const f = await fleet();
    const other = await fleet();
    const [theirs] = await addEvents(other.account.id, other.alpha.id, 1);
    const [bravos] = await addEvents(f.account.id, f.bravo.id, 1);
    const url = (id: number) => `/api/accounts/${f.account.id}/events/${id}`;
    expect((await t.app.inject({ url: url(theirs!.id), headers: f.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url(bravos!.id), headers: f.viewer })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url(bravos!.id), headers: f.admin })).statusCode).toBe(200);
  });

  it("downloads a tracker's events in a range", async () => {
    const f = await fleet();
    await addEvents(f.account.id, f.alpha.id, 5);
    const from = '2026-11-01T00:01:00Z';
    const to = '2026-11-01T00:03:00Z';
    const url = `/api/accounts/${f.account.id}/devices/${f.alpha.id}/events?download=true&date_from=${from}&date_to=${to}`;
    const csv = await t.app.inject({ url, headers: f.viewer });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="events-${f.alpha.id}.csv"`,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual([
      'Entered Depot 3',
      'Entered Depot 2',
      'Entered Depot 1',
    ]);
    const hidden = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${f.bravo.id}/events?download=true`,
      headers: f.viewer,
    });
    expect(hidden.statusCode).toBe(404);
  });
});
