import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  type TestApp,
} from '../test/test-app';
import { seedDemoGroups } from './demo-groups';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo groups', () => {
  it('groups the demo trackers by kind, as the groups API shows them', async () => {
    const account = await createAccount(t, { is_b2b_account: true });
    const names = ['Truck 01', 'Van 02', 'Trailer 03', 'Reefer 04', 'Pickup 06', 'Truck 07'];
    for (const name of names) await createDevice(t, account, { name });
    await seedDemoGroups(t.db, account.id);
    const admin = await createUser(t, { account });
    const response = await t.app.inject({
      url: `/api/accounts/${account.id}/groups`,
      headers: await authHeader(t, admin.email),
    });
    const groups = response
      .json<{ data: { name: string; devices: { name: string }[] }[] }>()
      .data.map((g) => [g.name, g.devices.map((d) => d.name)]);
    expect(groups).toEqual([
      ['City Delivery', ['Pickup 06', 'Van 02']],
      ['Cold Chain', ['Reefer 04']],
      ['Long Haul Trucks', ['Truck 01', 'Truck 07']],
      ['Spare Pool', []],
      ['Yard Assets', ['Trailer 03']],
    ]);
  });
});
