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

const url = (accountId: number) => `/api/accounts/${accountId}/history-retention`;

describe('GET /api/accounts/{id}/history-retention', () => {
  it('answers an admin with the policy: forever when the account set none', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const response = await t.app.inject({
      url: url(account.id),
      headers: await authHeader(t, admin.email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { raw_days: null, thin_minutes: null, keep_days: null },
    });
  });

  it('answers the thinning and the removal the retention job applies', async () => {
    const account = await createAccount(t, {
      settings: { history_raw_days: '90', history_thin_minutes: '5', history_keep_days: '730' },
    });
    const admin = await createUser(t, { account, role: 'admin' });
    const response = await t.app.inject({
      url: url(account.id),
      headers: await authHeader(t, admin.email),
    });
    expect(response.json()).toEqual({ data: { raw_days: 90, thin_minutes: 5, keep_days: 730 } });
  });

  it('is forbidden to anyone but an admin and hidden from other accounts', async () => {
    const account = await createAccount(t, {
      settings: { history_raw_days: '90', history_thin_minutes: '5' },
    });
    for (const role of ['manager', 'user', 'viewer'] as const) {
      const member = await createUser(t, { account, role });
      const response = await t.app.inject({
        url: url(account.id),
        headers: await authHeader(t, member.email),
      });
      expect(response.statusCode, role).toBe(403);
    }
    const outsider = await createUser(t, { account: await createAccount(t), role: 'admin' });
    const hidden = await t.app.inject({
      url: url(account.id),
      headers: await authHeader(t, outsider.email),
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('is in the OpenAPI document with its fields', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const get = doc.paths['/api/accounts/{id}/history-retention'].get;
    const data = get.responses['200'].content['application/json'].schema.properties.data;
    expect(Object.keys(data.properties).sort()).toEqual(['keep_days', 'raw_days', 'thin_minutes']);
  });
});
