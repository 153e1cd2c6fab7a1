import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@waymark/domain';
import { subscriptions } from '../db/schema';
import { authHeader, createAccount, createUser, type TestApp } from '../test/test-app';
import { listeningTestApp } from '../modules/billing/billing.fixture';
import { DEMO_APPROVE_ORDER_UUID, seedDemoBilling } from './demo-billing';

let t: TestApp;
beforeAll(async () => {
  t = await listeningTestApp();
});
afterAll(() => t.close());

describe('demo billing', () => {
  it('gives Demo Logistics orders in every status, addresses, a card and an approve link', async () => {
    const account = await createAccount(t, { title: 'Demo Logistics', is_b2b_account: true });
    await t.db.insert(subscriptions).values(
      Array.from({ length: 3 }, () => ({
        account_id: account.id,
        status: 'active' as const,
        months: 12,
      })),
    );
    await seedDemoBilling(t.ctx);
    const admin = await authHeader(t, (await createUser(t, { account })).email);
    const get = (url: string, headers = admin) => t.app.inject({ url, headers });

    const orders = (await get(`/api/accounts/${account.id}/orders?per_page=100`)).json().data;
    expect(new Set(orders.map((o: { status: string }) => o.status))).toEqual(
      new Set(ORDER_STATUSES),
    );
    const addresses = (await get(`/api/accounts/${account.id}/addresses`)).json().data;
    expect(
      addresses.map((a: { category: string; is_default: number }) => [a.category, a.is_default]),
    ).toEqual([
      ['billing', 1],
      ['shipping', 1],
    ]);
    const cards = (await get(`/api/accounts/${account.id}/payment-methods`)).json().data.data;
    expect(cards).toMatchObject([{ brand: 'Visa', last4: '4242', default: true }]);
    const approve = await t.app.inject({ url: `/api/public-orders/${DEMO_APPROVE_ORDER_UUID}` });
    expect(approve.json().data).toMatchObject({ status: 'pending-approval' });
    const subs: { id: number; status: string; devices: unknown[] }[] = (
      await get(`/api/accounts/${account.id}/subscriptions?include=devices`)
    ).json().data;
    const paid = subs.find((s) => s.status === 'active')!;
    expect((await get(`/api/subscriptions/${paid.id}/orders`)).json().data).toHaveLength(1);
    // The lapsed subscription the cancel-and-reactivate browser test takes: blocked, no tracker.
    expect(subs.filter((s) => s.status === 'blocked')).toMatchObject([{ devices: [] }]);
  });
});
