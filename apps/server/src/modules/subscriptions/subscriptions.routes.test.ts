import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '@waymark/domain';
import { subscriptions } from '../../db/schema';
import { createDevice, type TestApp } from '../../test/test-app';
import {
  billingAccounts,
  createCatalogue,
  listeningTestApp,
  payInForm,
} from '../billing/billing.fixture';

let t: TestApp;
let f: Awaited<ReturnType<typeof billingAccounts>>;
beforeAll(async () => {
  t = await listeningTestApp();
  f = await billingAccounts(t);
  await createCatalogue(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function subscription(
  status: (typeof subscriptions.$inferInsert)['status'],
  name = 'Van 01',
) {
  const [row] = await t.db
    .insert(subscriptions)
    .values({
      account_id: f.account.id,
      status,
      months: 12,
      renewal_months: 12,
      price: 19995,
      actual_price: 19995,
      renewal_price: 19995,
      start_at: new Date(Date.now() - 100 * DAY),
      renewal_date: new Date(Date.now() + 30 * DAY),
    })
    .returning();
  const device = await createDevice(t, f.account, {
    name,
    subscription_id: row!.id,
    imei: '860000000000001',
  });
  return { sub: row!, device };
}

const put = (id: number, status: string, headers = f.admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/subscriptions/${id}/status`,
    headers,
    payload: { status },
  });

describe('subscriptions', () => {
  it('lists the account’s subscriptions with their trackers, filtered by status and search', async () => {
    const { sub, device } = await subscription('active', 'Reefer 09');
    await subscription('blocked', 'Trailer 02');
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/subscriptions?status=active,pending&query=reefer`,
      headers: f.admin,
    });
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toMatchObject({ total: 1, current_page: 1 });
    expect(data[0]).toMatchObject({
      id: sub.id,
      status: 'active',
      renewal_months: 12,
      renewal_price: 19995,
      devices: [
        { id: device.id, name: 'Reefer 09', serial: device.serial, imei: '860000000000001' },
      ],
      most_recent_order: null,
    });
    const one = await t.app.inject({
      url: `/api/subscriptions/${sub.id}?include=devices,price`,
      headers: f.admin,
    });
    expect(one.json().data.id).toBe(sub.id);
  });

  it('cancels to pending-cancellation, activates back, and refuses other changes', async () => {
    const { sub } = await subscription('active');
    const cancelled = await put(sub.id, 'pending-cancellation');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: 'pending-cancellation',
      cancel_at: sub.renewal_date!.toISOString(),
    });
    const active = await put(sub.id, 'active');
    expect(active.json().data).toMatchObject({ status: 'active', cancel_at: null });
    const wrong = await put(sub.id, 'active');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.status).toEqual([
      'A subscription in status active cannot be set to active',
    ]);
    const blocked = await subscription('blocked');
    expect((await put(blocked.sub.id, 'pending-cancellation')).json().data.status).toBe(
      'cancelled',
    );
  });

  it('reactivates a cancelled subscription: a new one pending-renewal, active once paid', async () => {
    const { sub, device } = await subscription('cancelled');
    const noCard = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/activation`,
      headers: f.admin,
      payload: { months: 1 },
    });
    expect(noCard.statusCode).toBe(422);
    expect(noCard.json().errors.payment_method).toEqual([
      'Add a payment method before reactivating the subscription',
    ]);
    const setup = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${f.account.id}/payment-methods`,
      headers: f.admin,
    });
    await payInForm(t, setup.json().data.form_url, SANDBOX_TEST_CARDS.succeeds);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/activation`,
      headers: f.admin,
      payload: { months: 1 },
    });
    expect(response.statusCode).toBe(201);
    const { subscription: fresh, order, payment_intent } = response.json().data;
    // The sandbox charged the saved card and its webhook arrived before the answer.
    expect(fresh).toMatchObject({ status: 'active', months: 1, renewal_price: 1995 });
    expect(fresh.devices.map((d: { id: number }) => d.id)).toEqual([device.id]);
    expect(order.summary.grand_total).toBe(1995);
    expect(payment_intent.status).toBe('succeeded');
    const after = await t.app.inject({ url: `/api/subscriptions/${fresh.id}`, headers: f.admin });
    expect(after.json().data).toMatchObject({
      status: 'active',
      most_recent_order: { id: order.id, months: 1 },
    });
    const old = await t.app.inject({ url: `/api/subscriptions/${sub.id}`, headers: f.admin });
    expect(old.json().data).toMatchObject({ status: 'archived', devices: [] });
    const related = await t.app.inject({
      url: `/api/subscriptions/${fresh.id}/orders`,
      headers: f.admin,
    });
    expect(
      related.json().data.map((o: { id: number; status: string }) => [o.id, o.status]),
    ).toEqual([[order.id, 'completed']]);
    const ofOrder = await t.app.inject({
      url: `/api/orders/${order.id}/subscriptions`,
      headers: f.admin,
    });
    expect(ofOrder.json().data.map((s: { id: number }) => s.id)).toEqual([fresh.id]);
  });

  it('is 403 without manage Account and 404 for another account', async () => {
    const { sub } = await subscription('active');
    expect((await put(sub.id, 'pending-cancellation', f.manager)).statusCode).toBe(403);
    expect((await put(sub.id, 'pending-cancellation', f.otherAdmin)).statusCode).toBe(404);
    const list = await t.app.inject({
      url: `/api/accounts/${f.account.id}/subscriptions`,
      headers: f.otherAdmin,
    });
    expect(list.statusCode).toBe(404);
    const get = await t.app.inject({
      url: `/api/subscriptions/${sub.id}/orders`,
      headers: f.otherAdmin,
    });
    expect(get.statusCode).toBe(404);
    const missing = await t.app.inject({ url: '/api/subscriptions/2147483000', headers: f.admin });
    expect(missing.statusCode).toBe(404);
  });
});
