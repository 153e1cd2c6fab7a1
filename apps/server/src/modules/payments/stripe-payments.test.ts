import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { startStripeStandIn } from '../../adapters/payments/stripe-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { billingAccounts, createCatalogue } from '../billing/billing.fixture';

const WEBHOOK_SECRET = 'whsec_test_standin_secret';
let t: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let f: Awaited<ReturnType<typeof billingAccounts>>;
let catalogue: Awaited<ReturnType<typeof createCatalogue>>;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
  });
  f = await billingAccounts(t);
  catalogue = await createCatalogue(t);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

function stripeEvent(id: string, type: string, object: unknown) {
  const payload = JSON.stringify({ id, object: 'event', type, created: 1, data: { object } });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

describe('paying through Stripe (a local stand-in)', () => {
  it('creates a payment intent for Stripe.js and takes the outcome from a signed webhook', async () => {
    const config = await t.app.inject({ url: '/api/billing/config' });
    expect(config.json().data).toEqual({ provider: 'stripe', publishable_key: 'pk_test_standin' });
    const order = (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/accounts/${f.account.id}/orders`,
        headers: f.platformAdmin,
        payload: {
          items: [{ product_id: catalogue.hardware.id, quantity: 1 }],
          billing_term: 'up-front',
        },
      })
    ).json().data;
    const intent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment-intent`,
      headers: f.admin,
      payload: {},
    });
    expect(intent.json().data).toMatchObject({
      status: 'requires_payment_method',
      form_url: null,
      client_secret: expect.stringContaining('_secret_'),
      payment_id: order.payments[0].id,
    });

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: '{}',
    });
    expect(forged.statusCode).toBe(400);

    const paid = {
      id: intent.json().data.id,
      object: 'payment_intent',
      amount: 4999,
      status: 'succeeded',
      client_secret: 'x',
      payment_method: 'pm_card_visa',
      metadata: { payment_id: String(order.payments[0].id), order_id: String(order.id) },
      last_payment_error: null,
    };
    expect((await stripeEvent('evt_1', 'payment_intent.succeeded', paid)).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await stripeEvent('evt_1', 'payment_intent.succeeded', paid)).json().duplicate).toBe(
      true,
    );
    const after = await t.app.inject({ url: `/api/orders/${order.id}`, headers: f.admin });
    expect(after.json().data.status).toBe('pending-shipment');
  });

  it('keeps no card whose setup Stripe declined, and saves the next that succeeds', async () => {
    const account = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${f.other.id}/payment-methods`,
      headers: f.otherAdmin,
    });
    const seti = account.json().data;
    // What Stripe.js does in the browser with the card the user typed.
    const confirmInBrowser = (card: string) =>
      fetch(`${standIn.url}/v1/setup_intents/${seti.id}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payment_method: card, client_secret: seti.client_secret }),
      });
    const refresh = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/setup-intents/${seti.id}/refresh`,
        headers: f.otherAdmin,
      });
    const list = async () =>
      (
        await t.app.inject({
          url: `/api/accounts/${f.other.id}/payment-methods`,
          headers: f.otherAdmin,
        })
      ).json().data.data;

    expect((await confirmInBrowser('pm_card_chargeDeclined')).status).toBe(402);
    expect((await refresh()).json().data).toMatchObject({
      id: seti.id,
      status: 'requires_payment_method',
      error: 'Your card was declined.',
    });
    const failed = await stripeEvent('evt_seti_failed', 'setup_intent.setup_failed', {
      id: seti.id,
      object: 'setup_intent',
      status: 'requires_payment_method',
      client_secret: 'x',
      payment_method: 'pm_card_chargeDeclined',
      metadata: {},
      last_setup_error: { message: 'Your card was declined.' },
    });
    expect(failed.statusCode).toBe(200);
    expect(await list()).toEqual([]);

    expect((await confirmInBrowser('pm_card_visa')).status).toBe(200);
    expect((await refresh()).json().data).toMatchObject({ last4: '4242', default: true });
    expect(await list()).toMatchObject([{ last4: '4242', default: true }]);
  });

  it('saves a card from a setup intent’s webhook', async () => {
    const setup = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${f.account.id}/payment-methods`,
      headers: f.admin,
    });
    const seti = setup.json().data;
    expect(seti).toMatchObject({ form_url: null, status: 'requires_payment_method' });
    await stripeEvent('evt_2', 'setup_intent.succeeded', {
      id: seti.id,
      object: 'setup_intent',
      status: 'succeeded',
      client_secret: 'x',
      payment_method: 'pm_card_visa',
      metadata: {},
      last_setup_error: null,
    });
    const cards = await t.app.inject({
      url: `/api/accounts/${f.account.id}/payment-methods`,
      headers: f.admin,
    });
    expect(cards.json().data.data).toMatchObject([{ brand: 'visa', last4: '4242', default: true }]);
  });
});
