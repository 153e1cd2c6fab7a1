import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { deviceInventory, unknownDevices } from '../../db/schema';
import { createAccount, createTestApp, type TestApp } from '../../test/test-app';
import { freshSerial, utilitiesFixture } from './utilities.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/admin/utilities/provision', () => {
  it('registers a serial into inventory and takes it off the unassigned serials', async () => {
    const f = await utilitiesFixture(t);
    const serial = freshSerial();
    await t.db.insert(unknownDevices).values({ serial, protocol: 'gt06', reports: 3 });
    const response = await f.run('provision', {
      serial,
      model_id: f.model.id,
      iccid: '8901410321111851072',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      message: `Provisioned ${serial} (Mobile 200) into inventory`,
      device_id: null,
      state: 'inventory',
    });
    const unassigned = await t.app.inject({
      url: '/api/admin/unassigned-devices',
      headers: f.rootHeaders,
    });
    expect(unassigned.json().data.map((d: { serial: string }) => d.serial)).not.toContain(serial);
    const [row] = await t.db
      .select()
      .from(deviceInventory)
      .where(eq(deviceInventory.serial, serial));
    expect(row).toMatchObject({ state: 'inventory', iccid: '8901410321111851072' });

    const again = await f.run('provision', { serial, model_id: f.model.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ serial: [`Serial ${serial} is already in inventory`] });
  });

  it('with an account, assigns it: a tracker on the account list with an active subscription', async () => {
    const f = await utilitiesFixture(t);
    const serial = freshSerial();
    const response = await f.run('provision', {
      serial,
      model_id: f.model.id,
      account_id: f.account.id,
      name: 'Reefer 9',
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ state: 'assigned', device_id: expect.any(Number) });
    expect(data.message).toBe(
      `Provisioned ${serial} (Mobile 200) and assigned it to ${f.account.title} as Reefer 9`,
    );
    const list = await f.deviceList();
    expect(list).toEqual([
      expect.objectContaining({
        id: data.device_id,
        serial,
        name: 'Reefer 9',
        subscription_status: 'active',
      }),
    ]);
    expect(
      await t.db.select().from(deviceInventory).where(eq(deviceInventory.serial, serial)),
    ).toEqual([]);
    const entries = await f.audit(serial);
    expect(entries[0]).toMatchObject({
      path: '/api/admin/utilities/provision',
      status_code: 200,
      summary: `Provision: ${data.message}`,
    });
  });

  it("takes the reports of a serial heard as unknown from then on: it shows on the account's map", async () => {
    const f = await utilitiesFixture(t);
    const serial = freshSerial();
    const report = (lat: number) =>
      t.ctx.pipeline.submit(
        [{ serial, deviceTime: new Date(), lat, lng: -87.6, valid: true, fix: 'gps' }],
        'osmand',
      );
    await report(41.8);
    const provisioned = await f.run('provision', {
      serial,
      model_id: f.model.id,
      account_id: f.account.id,
    });
    expect(provisioned.statusCode).toBe(200);
    await report(41.9);
    const positions = await t.app.inject({
      url: `/api/accounts/${f.account.id}/current-positions?raw=1`,
      headers: f.rootHeaders,
    });
    expect(positions.json().data).toEqual([
      expect.objectContaining({ device_id: provisioned.json().data.device_id, lat: 41.9 }),
    ]);
  });

  it('answers 422 naming the field, 403 to an account admin and 401 to no one', async () => {
    const f = await utilitiesFixture(t);
    const bad = await f.run('provision', { serial: 'no spaces!', model_id: f.model.id });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['serial']);
    const noModel = await f.run('provision', { serial: freshSerial(), model_id: 999_999 });
    expect(noModel.statusCode).toBe(422);
    expect(noModel.json().errors).toEqual({ model_id: ['No model has id 999999'] });
    const body = { serial: freshSerial(), model_id: f.model.id };
    expect((await f.run('provision', body, f.adminHeaders)).statusCode).toBe(403);
    expect((await f.run('provision', body, {})).statusCode).toBe(401);
    const failed = await f.audit('provision');
    expect(failed.some((e) => e.status_code === 422 && e.summary === 'Provision')).toBe(true);
  });
});

describe('reserve, assign and unassign', () => {
  it('reserves a serial for one account, which alone may be given it', async () => {
    const f = await utilitiesFixture(t);
    const other = await createAccount(t, { title: 'Other Haulage' });
    const serial = freshSerial();
    await f.run('provision', { serial, model_id: f.model.id });
    const reserved = await f.run('reserve', { serial, account_id: f.account.id });
    expect(reserved.json().data.message).toBe(`Reserved ${serial} for ${f.account.title}`);
    const refused = await f.run('assign', { serial, account_id: other.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.serial).toEqual([
      `Serial ${serial} is reserved for ${f.account.title}`,
    ]);
    const assigned = await f.run('assign', { serial, account_id: f.account.id });
    expect(assigned.statusCode).toBe(200);
    expect((await f.deviceList()).map((d) => d.serial)).toEqual([serial]);
    expect((await f.audit('Reserve: Reserved'))[0]?.summary).toBe(
      `Reserve: Reserved ${serial} for ${f.account.title}`,
    );
    expect((await f.audit(`Assign: Assigned ${serial}`)).length).toBe(1);
  });

  it('reserves and assigns numeric ranges, skipping what is not in inventory', async () => {
    const f = await utilitiesFixture(t);
    const base = `77${Date.now().toString().slice(-9)}00`;
    for (const last of ['0', '1', '3']) {
      await f.run('provision', { serial: `${base.slice(0, -1)}${last}`, model_id: f.model.id });
    }
    const reserve = await f.run('reserve-range', {
      first_serial: base,
      count: 2,
      account_id: f.account.id,
    });
    expect(reserve.json().data.message).toBe(`Reserved 2 serial(s) for ${f.account.title}`);
    const assign = await f.run('assign-range', {
      first_serial: base,
      count: 4,
      account_id: f.account.id,
    });
    expect(assign.statusCode).toBe(200);
    expect(assign.json().data.message).toBe(
      `Assigned 3 serial(s) to ${f.account.title}; 1 skipped (not in inventory, or reserved for another account)`,
    );
    expect((await f.deviceList()).map((d) => d.serial).sort()).toEqual(
      ['0', '1', '3'].map((last) => `${base.slice(0, -1)}${last}`),
    );
    const none = await f.run('assign-range', {
      first_serial: base,
      count: 4,
      account_id: f.account.id,
    });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['first_serial']);
    const tooMany = await f.run('reserve-range', {
      first_serial: base,
      count: 501,
      account_id: f.account.id,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.count).toEqual([
      'Enter how many serials: a whole number from 1 to 500',
    ]);
  });

  it('unassigns a tracker back to inventory, its history gone with it', async () => {
    const f = await utilitiesFixture(t);
    const serial = freshSerial();
    await f.run('provision', {
      serial,
      model_id: f.model.id,
      account_id: f.account.id,
      phone: '+13125550100',
    });
    await t.ctx.pipeline.submit(
      [
        {
          serial,
          deviceTime: new Date('2026-11-20T08:00:00Z'),
          lat: 41.8,
          lng: -87.6,
          valid: true,
          fix: 'gps',
        },
      ],
      'osmand',
    );
    const kept = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM positions p
      JOIN devices d ON d.id = p.device_id WHERE d.serial = ${serial}`,
    );
    expect(kept).toEqual([{ n: 1 }]);
    const response = await f.run('unassign-device', { serial });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe(
      `Unassigned ${serial} from ${f.account.title}: back in inventory, its history removed`,
    );
    expect(await f.deviceList()).toEqual([]);
    const [row] = await t.db
      .select()
      .from(deviceInventory)
      .where(eq(deviceInventory.serial, serial));
    expect(row).toMatchObject({ state: 'inventory', phone: '+13125550100', model_id: f.model.id });
    // Assigned again, it starts clean: the old history went with the old tracker.
    const again = await f.run('assign', { serial, account_id: f.account.id });
    const deviceId = again.json().data.device_id;
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM positions WHERE device_id = ${deviceId}`,
    );
    expect(left).toEqual([{ n: 0 }]);
    const orphans = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM positions p WHERE NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = p.device_id)`,
    );
    expect(orphans).toEqual([{ n: 0 }]);
    await f.run('unassign-device', { serial });
    const missing = await f.run('unassign-device', { serial });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ serial: [`No tracker has serial ${serial}`] });
  });
});
