import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { billingAccounts } from '../billing/billing.fixture';

let t: TestApp;
let f: Awaited<ReturnType<typeof billingAccounts>>;
beforeAll(async () => {
  t = await createTestApp();
  f = await billingAccounts(t);
});
afterAll(() => t.close());

const url = (accountId: number, addressId?: number) =>
  `/api/accounts/${accountId}/addresses${addressId ? `/${addressId}` : ''}`;
const home = { line1: '1 Main St', city: 'Austin', zip: '78701', state: 'TX' };

interface AddressBody {
  id: number;
  category: string;
  is_default: 0 | 1;
  addressable_type: string;
  addressable_id: number;
  line1: string;
  state: string;
  country: string;
}

async function add(payload: Record<string, unknown>, headers = f.admin, accountId = f.account.id) {
  return t.app.inject({ method: 'POST', url: url(accountId), headers, payload });
}

async function list(headers = f.admin) {
  const response = await t.app.inject({ method: 'GET', url: url(f.account.id), headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: AddressBody[] }>().data;
}

describe('addresses', () => {
  it('adds billing and shipping addresses, the first of each its default', async () => {
    const billing = await add({ ...home, category: 'billing', is_default: false });
    expect(billing.statusCode).toBe(201);
    expect(billing.json().data).toMatchObject({
      category: 'billing',
      is_default: 1,
      addressable_type: 'Account',
      addressable_id: f.account.id,
      country: 'US',
      state: 'TX',
    });
    const shipping = await add({ ...home, category: 'shipping', line1: '2 Dock Rd' });
    expect(shipping.json().data).toMatchObject({ category: 'shipping', is_default: 1 });
    const second = await add({ ...home, category: 'billing', line1: '3 Elm St', is_default: 0 });
    expect(second.json().data.is_default).toBe(0);
    const all = await list();
    expect(all.filter((a) => a.category === 'billing')).toHaveLength(2);
  });

  it("names line1, city and zip with the spec's messages", async () => {
    const response = await add({ category: 'billing', line1: '', city: '', zip: '12' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      line1: ['line1 is required'],
      city: ['city is required'],
      zip: ['min 5 chars'],
    });
    const missing = await add({ category: 'billing' });
    expect(missing.json().errors).toMatchObject({ zip: ['zip is required'] });
  });

  it('moves the default within the category and keeps one', async () => {
    const first = (await add({ ...home, category: 'shipping', line1: 'A' })).json().data;
    const next = (
      await add({ ...home, category: 'shipping', line1: 'B', is_default: false })
    ).json().data;
    const response = await t.app.inject({
      method: 'PUT',
      url: url(f.account.id, next.id),
      headers: f.admin,
      payload: { is_default: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.is_default).toBe(1);
    const shipping = (await list()).filter((a) => a.category === 'shipping');
    expect(shipping.filter((a) => a.is_default === 1).map((a) => a.id)).toEqual([next.id]);
    expect(shipping.find((a) => a.id === first.id)?.is_default).toBe(0);
  });

  it('deletes an address and hands the default on', async () => {
    const account = f.account.id;
    const defaults = (await list()).filter((a) => a.category === 'billing' && a.is_default);
    const gone = defaults[0]!;
    const response = await t.app.inject({
      method: 'DELETE',
      url: url(account, gone.id),
      headers: f.admin,
    });
    expect(response.statusCode).toBe(204);
    const billing = (await list()).filter((a) => a.category === 'billing');
    expect(billing.map((a) => a.id)).not.toContain(gone.id);
    expect(billing.filter((a) => a.is_default === 1)).toHaveLength(1);
  });

  it('is 403 without manage Account and 404 for another account', async () => {
    expect((await add({ ...home, category: 'billing' }, f.manager)).statusCode).toBe(403);
    const mine = (await list())[0]!;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: url(f.account.id, mine.id),
      headers: f.otherAdmin,
    });
    expect(foreign.statusCode).toBe(404);
    const crossed = await t.app.inject({
      method: 'PUT',
      url: url(f.other.id, mine.id),
      headers: f.otherAdmin,
      payload: { is_default: true },
    });
    expect(crossed.statusCode).toBe(404);
  });
});
