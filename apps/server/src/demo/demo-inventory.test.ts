import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createAccount,
  createModel,
  createTestApp,
  createUser,
  type TestApp,
} from '../test/test-app';
import { DEMO_INVENTORY_PREFIX, seedDemoInventory } from './demo-inventory';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo inventory', () => {
  it('puts serials on the shelf that the Utilities assign, two reserved for Demo Startup', async () => {
    await createModel(t, { title: 'Mobile 200', device_type: 'll02' });
    await createModel(t, { title: 'Car Charger', device_type: 'vl501' });
    const startup = await createAccount(t, { title: 'Demo Startup' });
    const other = await createAccount(t, { title: 'Someone Else' });
    await seedDemoInventory(t.db);
    const root = await createUser(t, { is_gpx_admin: true });
    const headers = await authHeader(t, root.email);
    const assign = (account_id: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/utilities/assign-range',
        headers,
        payload: { first_serial: `${DEMO_INVENTORY_PREFIX}0000000005`, count: 4, account_id },
      });
    const response = await assign(other.id);
    expect(response.json().data.message).toBe(
      'Assigned 2 serial(s) to Someone Else; 2 skipped (not in inventory, or reserved for another account)',
    );
    const reserved = await assign(startup.id);
    expect(reserved.json().data.message).toBe(
      'Assigned 2 serial(s) to Demo Startup; 2 skipped (not in inventory, or reserved for another account)',
    );
  });
});
