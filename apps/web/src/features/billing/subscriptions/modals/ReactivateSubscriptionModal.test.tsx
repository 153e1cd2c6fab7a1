import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@waymark/domain';
import type { Subscription } from '../../../../api/billing';
import { configureClient } from '../../../../api/client';
import { setNavigator } from '../../../../app/navigation';
import { ReactivateSubscriptionModal } from './ReactivateSubscriptionModal';

afterEach(() => {
  cleanup();
  setNavigator(null);
});

const cancelled = { id: 7, account_id: 3, status: 'cancelled' } as Subscription;
const card = { id: 1, brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2099, default: true };

/** The server, faked at the fetch boundary: answers by method and path, records the calls. */
function server(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const noop = () => undefined;
  configureClient({
    hooks: { onUnauthorized: noop, onForbidden: noop, onNotFound: noop, onServerError: noop },
    bearer: () => 'token',
    fetch: (url, init) => {
      const call = `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`;
      calls.push(call);
      return Promise.resolve(
        new Response(JSON.stringify({ data: answers[call] }), {
          status: call in answers ? 200 : 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    },
  });
  return calls;
}

function open() {
  const closed: boolean[] = [];
  const went: string[] = [];
  setNavigator((to) => went.push(to));
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <ReactivateSubscriptionModal
          close={() => closed.push(true)}
          props={{ subscription: cancelled, prices: { monthly: 1995, annual: 19995 } }}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { closed, went };
}

describe('ReactivateSubscriptionModal', () => {
  it('offers both plans with the annual saving', async () => {
    server({ 'GET /api/accounts/3/payment-methods': { data: [card] } });
    open();
    const monthly = await screen.findByRole('radio', { name: 'Monthly - $19.95' });
    expect(monthly).toHaveProperty('checked', true);
    const annual = screen.getByRole('radio', { name: 'Annual - $199.95 (save $39.45)' });
    expect(annual).toHaveProperty('checked', false);
    const submit = screen.getByRole('button', { name: 'Reactivate Subscription' });
    expect(submit).toHaveProperty('disabled', false);
  });

  it('says the amount and the card before charging, for the plan chosen', async () => {
    const calls = server({ 'GET /api/accounts/3/payment-methods': { data: [card] } });
    open();
    await screen.findByText('$19.95 will be charged now to Visa *4242, expires 12/2099.');
    await userEvent.setup().click(screen.getByRole('radio', { name: /^Annual/ }));
    await screen.findByText('$199.95 will be charged now to Visa *4242, expires 12/2099.');
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('warns without a payment method, links to Payment Methods, and does not submit', async () => {
    const calls = server({ 'GET /api/accounts/3/payment-methods': { data: [] } });
    const { closed, went } = open();
    await screen.findByText(/^Add a payment method before reactivating the subscription/);
    const submit = screen.getByRole('button', { name: 'Reactivate Subscription' });
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Payment Methods' }));
    expect(went).toEqual(['/manage/payment']);
    expect(closed).toEqual([true]);
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('sends a declined default card to the order, with the card provider message', async () => {
    const calls = server({
      'GET /api/accounts/3/payment-methods': { data: [card] },
      'POST /api/subscriptions/7/activation': {
        subscription: { ...cancelled, id: 8, status: 'pending-renewal' },
        order: { id: 41 },
        payment_intent: {
          id: 'pi_1',
          client_secret: 's',
          status: 'requires_payment_method',
          form_url: '/sandbox/pay',
          payment_id: 5,
          error: BILLING_MESSAGES.cardDeclined,
        },
      },
    });
    const { went } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^Annual/ }));
    await user.click(screen.getByRole('button', { name: 'Reactivate Subscription' }));
    await screen.findByText(BILLING_MESSAGES.cardDeclined);
    expect(went).toEqual(['/manage/orders/41']);
    expect(screen.queryByText(BILLING_MESSAGES.paymentProcessing)).toBeNull();
    expect(calls).toContain('POST /api/subscriptions/7/activation');
  });

  it('shows Payment is processing until the new subscription is active', async () => {
    server({
      'GET /api/accounts/3/payment-methods': { data: [card] },
      'POST /api/subscriptions/7/activation': {
        subscription: { ...cancelled, id: 8, status: 'pending-renewal' },
        order: { id: 41 },
        payment_intent: null,
      },
      'GET /api/subscriptions/8': { ...cancelled, id: 8, status: 'pending-renewal' },
    });
    const { went } = open();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Reactivate Subscription' }));
    await screen.findByText(BILLING_MESSAGES.paymentProcessing);
    expect(went).toEqual([]);
  });
});
