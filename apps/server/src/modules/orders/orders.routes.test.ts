import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { billingAccounts, createCatalogue, listeningTestApp } from '../billing/billing.fixture';

let t: TestApp;
let f: Awaited<ReturnType<typeof billingAccounts>>;
let catalogue: Awaited<ReturnType<typeof createCatalogue>>;
beforeAll(async () => {
  t = await listeningTestApp();
  f = await billingAccounts(t);
  catalogue = await createCatalogue(t);
  await t.db.execute(
    `INSERT INTO promo_codes (code, type, amount) VALUES ('TEN', 'discount', 10)` as never,
  );
});
afterAll(() => t.close());

async function adminOrder(headers = f.platformAdmin, payload: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/accounts/${f.account.id}/orders`,
    headers,
    payload: {
      items: [
        { product_id: catalogue.hardware.id, quantity: 2 },
        { product_id: catalogue.plan.id, quantity: 2, months: 1 },
      ],
      billing_term: 'device-up-front',
      payment_term: 'net-15',
      promo_code: 'TEN',
      sales_person: 'Dana Seller',
      po_number: 'PO-9',
      shipping_cents: 995,
      ...payload,
    },
  });
}

describe('orders', () => {
  it('lets a platform admin create an order with its schedule, promo and approve link', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${f.account.id}/addresses`,
      headers: f.admin,
      payload: {
        category: 'billing',
        line1: '1 Main St',
        city: 'Austin',
        zip: '78701',
        state: 'TX',
      },
    });
    const response = await adminOrder();
    expect(response.statusCode).toBe(201);
    const order = response.json().data;
    expect(order).toMatchObject({
      status: 'pending-approval',
      billingTerm: 'device-up-front',
      paymentTerm: 'net-15',
      admin_form_details: { sales_person: 'Dana Seller', po_number: 'PO-9' },
      billingAddress: { line1: '1 Main St', state: 'TX' },
      summary: {
        hardware_total: 8998,
        hardware_total_before_discount: 9998,
        subscription_total: 3591,
        shipping_total: 995,
        promo_code: { code: 'TEN', type: 'discount', amount: 10 },
      },
    });
    expect(order.invoiceItems).toEqual([
      { id: expect.any(Number), title: 'Mobile 200', price: 4999, qty: 2, total: 9998 },
      {
        id: expect.any(Number),
        title: 'Tracking plan (Monthly)',
        price: 1995,
        qty: 2,
        total: 3990,
      },
    ]);
    // device-up-front: hardware and shipping up front, then the subscriptions monthly.
    expect(order.payments.map((p: { amount: number }) => p.amount)).toEqual([8998 + 995, 3591]);
    expect(order.approve_url).toMatch(new RegExp(`/approve-order/${order.uuid}$`));

    const bad = await adminOrder(f.platformAdmin, { promo_code: 'NOPE' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.promo_code).toEqual(['The promo code does not exist']);
    expect((await adminOrder(f.admin)).statusCode).toBe(403);
  });

  it('lists, shows and filters the account’s orders; 403 and 404 as for every billing call', async () => {
    const order = (await adminOrder()).json().data;
    const list = await t.app.inject({
      url: `/api/accounts/${f.account.id}/orders?status=pending-approval&per_page=1`,
      headers: f.admin,
    });
    expect(list.json().meta).toMatchObject({ current_page: 1, last_page: 2, total: 2 });
    expect(list.json().data[0]).toMatchObject({ id: order.id, orderItemsCount: 2 });
    const one = await t.app.inject({ url: `/api/orders/${order.id}`, headers: f.admin });
    expect(one.json().data.account).toEqual({ id: f.account.id, title: f.account.title });
    const payments = await t.app.inject({
      url: `/api/orders/${order.id}/payments`,
      headers: f.admin,
    });
    expect(payments.json().data).toHaveLength(2);

    for (const url of [
      `/api/orders/${order.id}`,
      `/api/orders/${order.id}/payments`,
      `/api/orders/${order.id}/subscriptions`,
      `/api/orders/${order.id}/generate-pdf`,
      `/api/payments/${order.payments[0].id}/generate-pdf`,
    ]) {
      expect((await t.app.inject({ url, headers: f.manager })).statusCode).toBe(403);
      expect((await t.app.inject({ url, headers: f.otherAdmin })).statusCode).toBe(404);
    }
    const notMine = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/payments/${order.payments[0].id}`,
      headers: f.otherAdmin,
      payload: { payment_method_id: null },
    });
    expect(notMine.statusCode).toBe(404);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/payments/${order.payments[0].id}`,
      headers: f.admin,
      payload: { payment_method_id: null },
    });
    expect(chosen.json().data).toMatchObject({ id: order.payments[0].id, payment_method_id: null });
  });

  it('shows the public order only what the approve page shows', async () => {
    const order = (await adminOrder()).json().data;
    const response = await t.app.inject({ url: `/api/public-orders/${order.uuid}` });
    expect(response.statusCode).toBe(200);
    const body = response.json().data;
    expect(Object.keys(body).sort()).toEqual(
      [
        'account',
        'admin_form_details',
        'billingAddress',
        'billingTerm',
        'created_at',
        'id',
        'invoiceItems',
        'paymentTerm',
        'payments',
        'status',
        'summary',
        'uuid',
      ].sort(),
    );
    expect(body.account).toEqual({ title: f.account.title });
    expect(body.admin_form_details).toEqual({ sales_person: 'Dana Seller' });
    const draft = (await adminOrder(f.platformAdmin, { status: 'draft' })).json().data;
    expect((await t.app.inject({ url: `/api/public-orders/${draft.uuid}` })).statusCode).toBe(404);
  });

  it('makes the order and payment invoices as PDFs', async () => {
    const order = (await adminOrder()).json().data;
    const pdf = await t.app.inject({
      url: `/api/orders/${order.id}/generate-pdf`,
      headers: f.admin,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(
      `invoice-${String(order.id).padStart(6, '0')}.pdf`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const payment = await t.app.inject({
      url: `/api/payments/${order.payments[1].id}/generate-pdf`,
      headers: f.admin,
    });
    expect(payment.headers['content-disposition']).toContain(
      `invoice-${String(order.id).padStart(6, '0')}-${String(order.payments[1].id).padStart(6, '0')}.pdf`,
    );
  });

  it('serves the catalogue to signed-in users', async () => {
    const response = await t.app.inject({
      url: `/api/products/${catalogue.plan.id}`,
      headers: f.manager,
    });
    expect(response.json().data).toMatchObject({
      kind: 'subscription',
      plans: [
        { months: 1, price: 1995 },
        { months: 12, price: 19995 },
      ],
    });
    expect((await t.app.inject({ url: `/api/products/${catalogue.plan.id}` })).statusCode).toBe(
      401,
    );
  });
});
