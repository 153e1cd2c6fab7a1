import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices, subscriptions } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createModel,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STATUSES = ['moving', 'stopped', 'offline', 'low_battery', 'alarm'] as const;
const EXPECTED_MINUTES = 60;

/** A fleet with one tracker in each state, and a cancelled one the list leaves out. */
async function fleet() {
  const account = await createAccount(t, { is_b2b_account: true });
  const model = await createModel(t, { expected_report_minutes: EXPECTED_MINUTES });
  const tracker = async (name: string, status: 'active' | 'cancelled' = 'active') => {
    const [sub] = await t.db
      .insert(subscriptions)
      .values({ account_id: account.id, status })
      .returning();
    return createDevice(t, account, { name, model_id: model.id, subscription_id: sub!.id });
  };
  const mover = await tracker('Mover');
  const parked = await tracker('Parked low');
  const silent = await tracker('Silent');
  const never = await tracker('Never reported');
  const gone = await tracker('Gone', 'cancelled');
  await t.db.update(devices).set({ sos: true }).where(eq(devices.id, never.id));
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const fix = (serial: string, minutes: number, speed: number, battery: number) => ({
    serial,
    deviceTime: ago(minutes),
    lat: 36.16,
    lng: -86.78,
    valid: true,
    fix: 'gps' as const,
    speed,
    speedUnit: 'mps' as const,
    battery,
  });
  await t.ctx.pipeline.submit(
    [
      fix(mover.serial, 5, 15, 80),
      fix(parked.serial, 5, 0, 12),
      fix(silent.serial, 3 * EXPECTED_MINUTES, 20, 90),
      fix(gone.serial, 5, 15, 5),
    ],
    'osmand',
  );
  const admin = await createUser(t, { account, role: 'admin' });
  return { account, mover, parked, silent, never, headers: await authHeader(t, admin.email) };
}

describe('GET /api/accounts/{id}/fleet-status-counts and /devices?fleet_status', () => {
  it('counts each status as the filtered lists hold it, and as the current positions say', async () => {
    const f = await fleet();
    const get = (url: string) =>
      t.app.inject({ url: `/api/accounts/${f.account.id}${url}`, headers: f.headers });

    const counts = await get('/fleet-status-counts');
    expect(counts.statusCode).toBe(200);
    expect(counts.json().data).toEqual({
      moving: 1,
      stopped: 1,
      offline: 2,
      low_battery: 1,
      alarm: 1,
    });

    const names: Record<string, string[]> = {};
    for (const status of STATUSES) {
      const page = await get(`/devices?fleet_status=${status}&per_page=500`);
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.meta.total).toBe(counts.json().data[status]);
      expect(body.data).toHaveLength(counts.json().data[status]);
      names[status] = body.data.map((d: { name: string }) => d.name);
    }
    expect(names).toEqual({
      moving: ['Mover'],
      stopped: ['Parked low'],
      offline: ['Never reported', 'Silent'],
      low_battery: ['Parked low'],
      alarm: ['Never reported'],
    });

    // Independently, from the current positions alone: fresh and faster than 0.5 m/s moves.
    const positions = (await get('/current-positions?raw=1')).json().data as {
      device_id: number;
      timestamp: string;
      speed: number | null;
      battery: number | null;
    }[];
    const listed = [f.mover.id, f.parked.id, f.silent.id, f.never.id];
    const fresh = positions.filter(
      (p) =>
        listed.includes(p.device_id) &&
        Date.now() - Date.parse(p.timestamp) < EXPECTED_MINUTES * 60_000,
    );
    expect(fresh.filter((p) => (p.speed ?? 0) > 0.5)).toHaveLength(counts.json().data.moving);
    expect(fresh.filter((p) => (p.speed ?? 0) <= 0.5)).toHaveLength(counts.json().data.stopped);
    expect(listed.length - fresh.length).toBe(counts.json().data.offline);
    expect(
      positions.filter((p) => listed.includes(p.device_id) && (p.battery ?? 100) < 20),
    ).toHaveLength(counts.json().data.low_battery);
  });

  it('pages within a status and names the field of an unknown status', async () => {
    const f = await fleet();
    const get = (url: string) =>
      t.app.inject({ url: `/api/accounts/${f.account.id}${url}`, headers: f.headers });
    const second = await get('/devices?fleet_status=offline&per_page=1&page=2');
    expect(second.json().data.map((d: { name: string }) => d.name)).toEqual(['Silent']);
    expect(second.json().meta).toMatchObject({ total: 2, current_page: 2, last_page: 2 });

    const bad = await get('/devices?fleet_status=parked');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.fleet_status[0]).toMatch(/fleet_status must be one of moving/);
  });

  it("answers 404 for another account's id and 401 without a token", async () => {
    const f = await fleet();
    const other = await fleet();
    const foreign = await t.app.inject({
      url: `/api/accounts/${other.account.id}/fleet-status-counts`,
      headers: f.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const missing = await t.app.inject({
      url: `/api/accounts/${f.account.id}/fleet-status-counts`,
    });
    expect(missing.statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths).toHaveProperty(['/api/accounts/{id}/fleet-status-counts']);
    const params = doc.paths['/api/accounts/{id}/devices'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params).toContain('fleet_status');
  });
});
