import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '@waymark/domain';
import type { TestApp } from '../../test/test-app';
import { billingAccounts, listeningTestApp, payInForm } from '../billing/billing.fixture';

let t: TestApp;
let f: Awaited<ReturnType<typeof billingAccounts>>;
beforeAll(async () => {
  t = await listeningTestApp();
  f = await billingAccounts(t);
});
afterAll(() => t.close());

const url = (id?: number) => `/api/accounts/${f.account.id}/payment-methods${id ? `/${id}` : ''}`;

async function addCard(number: string) {
  const setup = await t.app.inject({ method: 'POST', url: url(), headers: f.admin });
  expect(setup.statusCode).toBe(201);
  await payInForm(t, setup.json().data.form_url, number);
}

async function cards() {
  const response = await t.app.inject({ url: url(), headers: f.admin });
  return response.json<{ data: { data: { id: number; default: boolean; last4: string }[] } }>().data
    .data;
}

describe('payment methods', () => {
  it('sets the default, deletes a card and hands the default on', async () => {
    expect(await cards()).toEqual([]);
    await addCard(SANDBOX_TEST_CARDS.succeeds);
    await addCard('5555555555554444');
    const [first, second] = await cards();
    expect(first).toMatchObject({ last4: '4242', default: true });
    expect(second).toMatchObject({ last4: '4444', default: false });

    const set = await t.app.inject({
      method: 'PUT',
      url: url(second!.id),
      headers: f.admin,
      payload: { default: true },
    });
    expect(set.json().data).toMatchObject({ id: second!.id, default: true });
    expect((await cards()).filter((c) => c.default).map((c) => c.id)).toEqual([second!.id]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: url(second!.id),
      headers: f.admin,
    });
    expect(removed.statusCode).toBe(204);
    expect(await cards()).toMatchObject([{ id: first!.id, default: true }]);
  });

  it('keeps no declined card: the setup fails with the decline and no tile appears', async () => {
    const before = await cards();
    const setup = await t.app.inject({ method: 'POST', url: url(), headers: f.admin });
    const declined = await payInForm(t, setup.json().data.form_url, SANDBOX_TEST_CARDS.declined);
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      error: 'Your card was declined.',
    });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api/setup-intents/${declined.id}/refresh`,
      headers: f.admin,
    });
    expect(refreshed.json().data).toMatchObject({
      id: declined.id,
      error: 'Your card was declined.',
    });
    expect(await cards()).toEqual(before);

    // Another card in the same form is saved.
    await payInForm(t, setup.json().data.form_url, '5555555555554444');
    expect((await cards()).length).toBe(before.length + 1);
  });

  it('is 403 without manage Account and 404 for another account’s card', async () => {
    const [card] = await cards();
    expect((await t.app.inject({ url: url(), headers: f.manager })).statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${f.other.id}/payment-methods/${card!.id}`,
      headers: f.otherAdmin,
    });
    expect(foreign.statusCode).toBe(404);
    const crossed = await t.app.inject({
      method: 'DELETE',
      url: url(card!.id),
      headers: f.otherAdmin,
    });
    expect(crossed.statusCode).toBe(404);
  });
});
