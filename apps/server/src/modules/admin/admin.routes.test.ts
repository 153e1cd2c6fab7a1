import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/unassigned-devices', () => {
  it('shows platform admins the serials that reported without a tracker', async () => {
    await t.ctx.pipeline.submit(
      [
        {
          serial: '123456789012345',
          deviceTime: new Date(),
          lat: 40,
          lng: -90,
          valid: true,
          fix: 'gps',
        },
      ],
      'gt06',
      '198.51.100.7',
    );
    const root = await createUser(t, { is_gpx_admin: true });
    const response = await t.app.inject({
      url: '/api/admin/unassigned-devices',
      headers: await authHeader(t, root.email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        serial: '123456789012345',
        protocol: 'gt06',
        reports: 1,
        remote_address: '198.51.100.7',
      }),
    ]);
  });

  it('is forbidden to account admins', async () => {
    const admin = await createUser(t, { account: await createAccount(t), role: 'admin' });
    const response = await t.app.inject({
      url: '/api/admin/unassigned-devices',
      headers: await authHeader(t, admin.email),
    });
    expect(response.statusCode).toBe(403);
  });
});
