import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '@waymark/domain';
import { signPayload } from '../../adapters/payments/webhook-signature';
import { sandboxEvents } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import {
  billingAccounts,
  createCatalogue,
  formOf,
  listeningTestApp,
  payInForm,
} from '../billing/billing.fixture';

let t: TestApp;
let f: Awaited<ReturnType<typeof billingAccounts>>;
let catalogue: Awaited<ReturnType<typeof createCatalogue>>;
beforeAll(async () => {
  t = await listeningTestApp();
  f = await billingAccounts(t);
  catalogue = await createCatalogue(t);
});
afterAll(() => t.close());

interface OrderBody {
  id: number;
  uuid: string;
  status: string;
  approve_url?: string;
  payments: { id: number; amount: number; status: string; last_error?: string }[];
  summary: { grand_total: number };
}

async function adminOrder(payload: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/accounts/${f.account.id}/orders`,
    headers: f.platformAdmin,
    payload: {
      items: [
        { product_id: catalogue.hardware.id, quantity: 1 },
        { product_id: catalogue.plan.id, quantity: 1, months: 12 },
      ],
      billing_term: 'up-front',
      sales_person: 'Dana Seller',
      po_number: 'PO-77',
      ...payload,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: OrderBody }>().data;
}

async function order(id: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${id}`,
    headers: f.admin,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: OrderBody }>().data;
}

async function publicIntent(uuid: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/public-orders/${uuid}/payment-intent`,
    payload: {},
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: string; form_url: string; payment_id: number } }>().data;
}

async function subscriptionsOf(orderId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/subscriptions`,
    headers: f.admin,
  });
  return response.json<{ data: { id: number; status: string; renewal_date: string | null }[] }>()
    .data;
}

describe('paying an order through the sandbox provider', () => {
  it('takes a declined card, then a good one, from the approve page to paid', async () => {
    const created = await adminOrder();
    expect(created.status).toBe('pending-approval');
    expect(created.approve_url).toContain(`/approve-order/${created.uuid}`);
    expect(created.summary.grand_total).toBe(4999 + 19995);
    expect(created.payments.map((p) => p.amount)).toEqual([24994]);
    expect((await subscriptionsOf(created.id)).map((s) => s.status)).toEqual(['pending']);

    const declined = await payInForm(
      t,
      (await publicIntent(created.uuid)).form_url,
      SANDBOX_TEST_CARDS.declined,
    );
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      error: 'Your card was declined.',
    });
    // The webhook (a real POST to this server) has moved the order.
    const afterDecline = await order(created.id);
    expect(afterDecline.status).toBe('failed');
    expect(afterDecline.payments[0]?.status).toBe('failed');

    const paid = await payInForm(
      t,
      (await publicIntent(created.uuid)).form_url,
      SANDBOX_TEST_CARDS.succeeds,
    );
    expect(paid.status).toBe('succeeded');
    const afterPay = await order(created.id);
    expect(afterPay.status).toBe('pending-shipment');
    expect(afterPay.payments[0]?.status).toBe('succeeded');
    const [subscription] = await subscriptionsOf(created.id);
    expect(subscription?.status).toBe('active');
    expect(subscription?.renewal_date).not.toBeNull();

    // A paid order waits for no payment.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/public-orders/${created.uuid}/payment-intent`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is not waiting for a payment');
  });

  it('asks for the confirmation step with 4000 0025 0000 3155', async () => {
    const created = await adminOrder({ items: [{ product_id: catalogue.audio.id, quantity: 2 }] });
    const intent = await publicIntent(created.uuid);
    const pending = await payInForm(t, intent.form_url, SANDBOX_TEST_CARDS.requiresAction);
    expect(pending.status).toBe('requires_action');
    expect((await order(created.id)).status).toBe('pending-approval');
    const { secret } = formOf(intent.form_url);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox-pay/intents/${intent.id}/authenticate`,
      payload: { client_secret: secret, approve: true },
    });
    expect(done.json().data.status).toBe('succeeded');
    expect((await order(created.id)).status).toBe('completed');
  });

  it('serves the card form only for the intent’s own secret', async () => {
    const created = await adminOrder();
    const intent = await publicIntent(created.uuid);
    const form = await t.app.inject({ method: 'GET', url: intent.form_url });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.body).toContain('waymark-pay:ready');
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox-pay/form?intent=${intent.id}&secret=nope`,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('saves a card through a setup intent and pays with it at once', async () => {
    const setup = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${f.account.id}/payment-methods`,
      headers: f.admin,
    });
    expect(setup.statusCode).toBe(201);
    const intent = setup.json().data;
    expect((await payInForm(t, intent.form_url, SANDBOX_TEST_CARDS.succeeds)).status).toBe(
      'succeeded',
    );
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${f.account.id}/payment-methods`,
      headers: f.admin,
    });
    const cards = list.json().data.data;
    expect(cards).toEqual([
      {
        id: expect.any(Number),
        brand: 'Visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2040,
        default: true,
      },
    ]);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api/setup-intents/${intent.id}/refresh`,
      headers: f.admin,
    });
    expect(refreshed.json().data).toMatchObject({ id: cards[0].id, last4: '4242' });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/setup-intents/${intent.id}/refresh`,
      headers: f.otherAdmin,
    });
    expect(foreign.statusCode).toBe(404);

    const created = await adminOrder();
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${created.id}/payment-intent`,
      headers: f.admin,
      payload: { payment_method_id: cards[0].id },
    });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().data).toMatchObject({ status: 'succeeded', form_url: null });
    expect((await order(created.id)).status).toBe('pending-shipment');
  });

  it('leaves the same state when the events are replayed twice and out of order', async () => {
    const created = await adminOrder();
    await payInForm(t, (await publicIntent(created.uuid)).form_url, SANDBOX_TEST_CARDS.declined);
    await payInForm(t, (await publicIntent(created.uuid)).form_url, SANDBOX_TEST_CARDS.succeeds);
    const before = await order(created.id);
    expect(before.status).toBe('pending-shipment');

    const events = (await t.db.select().from(sandboxEvents)).filter(
      (e) =>
        (e.payload as { intent: { metadata: { order_id?: string } } }).intent.metadata.order_id ===
        String(created.id),
    );
    expect(events.map((e) => e.type)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
    const post = (payload: unknown) => {
      const body = JSON.stringify(payload);
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        headers: {
          'content-type': 'application/json',
          'waymark-sandbox-signature': signPayload(body, t.ctx.config.SANDBOX_WEBHOOK_SECRET),
        },
        payload: body,
      });
    };
    for (const event of [...events].reverse()) {
      const response = await post(event.payload);
      expect(response.json()).toEqual({ received: true, duplicate: true });
    }
    // The same events under new ids (a provider resending them as new), newest first.
    for (const event of [...events].reverse()) {
      const payload = { ...(event.payload as object), id: `${event.id}_again` };
      expect((await post(payload)).json()).toEqual({ received: true, duplicate: false });
      expect((await post(payload)).json()).toEqual({ received: true, duplicate: true });
    }
    const after = await order(created.id);
    expect(after.status).toBe(before.status);
    expect(after.payments).toEqual(before.payments);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'waymark-sandbox-signature': 't=1,v1=00' },
      payload: JSON.stringify(events[1]!.payload),
    });
    expect(forged.statusCode).toBe(400);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(other.statusCode).toBe(404);
  });
});
