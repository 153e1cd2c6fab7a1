import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addMonths, SANDBOX_TEST_CARDS } from '@waymark/domain';
import { mailOutbox, orderSubscriptions, orders, payments, subscriptions } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import {
  billingAccounts,
  createCatalogue,
  listeningTestApp,
  payInForm,
} from '../billing/billing.fixture';
import { insertOrder } from '../orders/order-creation';
import { runRenewals } from './renewals.job';

let t: TestApp;
let catalogue: Awaited<ReturnType<typeof createCatalogue>>;
beforeAll(async () => {
  t = await listeningTestApp();
  catalogue = await createCatalogue(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** An account whose saved default card is `number`, with one active subscription due now. */
async function dueAccount(number: string, renewalDate: Date) {
  const f = await billingAccounts(t);
  const setup = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/${f.account.id}/payment-methods`,
    headers: f.admin,
  });
  await payInForm(t, setup.json().data.form_url, number);
  const [sub] = await t.db
    .insert(subscriptions)
    .values({
      account_id: f.account.id,
      status: 'active',
      months: 1,
      renewal_months: 1,
      price: 1995,
      actual_price: 1995,
      renewal_price: 1995,
      renewal_date: renewalDate,
    })
    .returning();
  return { f, sub: sub! };
}

async function statusOf(id: number) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

async function renewalPayment(subscriptionId: number) {
  const [row] = await t.db
    .select({ payment: payments, order: orders })
    .from(orderSubscriptions)
    .innerJoin(orders, eq(orders.id, orderSubscriptions.order_id))
    .innerJoin(payments, eq(payments.order_id, orders.id))
    .where(eq(orderSubscriptions.subscription_id, subscriptionId));
  return row!;
}

async function mailTo(email: string, subject: string) {
  // The notice is a job: wait for it as the user waits for the e-mail.
  for (;;) {
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const found = mail.find((m) => m.subject.includes(subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('renewals', () => {
  it('renews a subscription at its renewal date with the default card', async () => {
    const renewal = new Date(Date.now() - DAY);
    const { sub } = await dueAccount(SANDBOX_TEST_CARDS.succeeds, renewal);
    await runRenewals(t.ctx, new Date());
    const row = await statusOf(sub.id);
    expect(row.status).toBe('active');
    expect(row.renewal_date?.toISOString()).toBe(addMonths(renewal, 1).toISOString());
    const { payment, order } = await renewalPayment(sub.id);
    expect(payment).toMatchObject({ status: 'succeeded', amount: 1995, attempts: 1 });
    expect(order).toMatchObject({ kind: 'renewal', status: 'completed' });
    // Running again renews nothing more.
    await runRenewals(t.ctx, new Date());
    expect((await statusOf(sub.id)).renewal_date).toEqual(row.renewal_date);
  });

  it('retries a declined renewal after 1, 3 and 5 days, then blocks it and says so', async () => {
    const start = new Date();
    const { f, sub } = await dueAccount(
      SANDBOX_TEST_CARDS.declinedOnCharge,
      new Date(start.getTime() - 60_000),
    );
    await runRenewals(t.ctx, start);
    expect((await statusOf(sub.id)).status).toBe('pending-renewal');
    const first = await renewalPayment(sub.id);
    const { order } = first;
    let { payment } = first;
    expect(payment).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Your card was declined.',
    });
    expect(order.status).toBe('failed');

    for (const [days, attempts] of [
      [1, 2],
      [4, 3],
    ] as const) {
      await runRenewals(t.ctx, new Date(start.getTime() + days * DAY));
      ({ payment } = await renewalPayment(sub.id));
      expect(payment.attempts).toBe(attempts);
      expect((await statusOf(sub.id)).status).toBe('pending-renewal');
    }
    await runRenewals(t.ctx, new Date(start.getTime() + 9 * DAY));
    ({ payment } = await renewalPayment(sub.id));
    expect(payment).toMatchObject({ attempts: 4, next_attempt_at: null, status: 'failed' });
    expect((await statusOf(sub.id)).status).toBe('blocked');
    await mailTo(f.adminUser.email, `Subscription #${sub.id} is blocked`);
    await mailTo(f.adminUser.email, 'Payment failed');

    // Paying the renewal order later unblocks it.
    const good = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment-intent`,
      headers: f.admin,
      payload: {},
    });
    await payInForm(t, good.json().data.form_url, SANDBOX_TEST_CARDS.succeeds);
    expect((await statusOf(sub.id)).status).toBe('active');
  });

  it('cancels a pending cancellation when its date comes', async () => {
    const { sub } = await dueAccount(SANDBOX_TEST_CARDS.succeeds, new Date(Date.now() + DAY));
    await t.db
      .update(subscriptions)
      .set({ status: 'pending-cancellation', cancel_at: new Date(Date.now() + DAY) })
      .where(eq(subscriptions.id, sub.id));
    await runRenewals(t.ctx, new Date());
    expect((await statusOf(sub.id)).status).toBe('pending-cancellation');
    await runRenewals(t.ctx, new Date(Date.now() + 2 * DAY));
    expect((await statusOf(sub.id)).status).toBe('cancelled');
  });

  it('charges the later instalments of a monthly order as they fall due, each once', async () => {
    const start = new Date();
    const { f } = await dueAccount(
      SANDBOX_TEST_CARDS.succeeds,
      new Date(start.getTime() + 99 * DAY),
    );
    const orderId = await insertOrder(t.db, {
      accountId: f.account.id,
      kind: 'purchase',
      status: 'pending',
      billingTerm: 'monthly',
      paymentTerm: 'on-receipt',
      lines: [{ product: catalogue.plan, quantity: 1, months: 12, unitPrice: 19995 }],
      shipping: 0,
      taxRateBp: 0,
      promo: null,
      now: start,
    });
    const schedule = () =>
      t.db
        .select()
        .from(payments)
        .where(eq(payments.order_id, orderId))
        .orderBy(asc(payments.due_date));
    const [first, second] = await schedule();
    expect(second).toBeDefined();

    // Nobody paid the first one: the job charges nothing of an order its customer has not taken.
    await runRenewals(t.ctx, new Date(second!.due_date.getTime() + 60_000));
    expect((await schedule()).every((p) => p.attempts === 0)).toBe(true);

    await t.db
      .update(payments)
      .set({ status: 'succeeded', paid_at: start })
      .where(eq(payments.id, first!.id));
    await runRenewals(t.ctx, new Date(second!.due_date.getTime() - 60_000));
    expect((await schedule())[1]).toMatchObject({ status: 'pending', attempts: 0 });

    const due = new Date(second!.due_date.getTime() + 60_000);
    await runRenewals(t.ctx, due);
    await runRenewals(t.ctx, due);
    const [, paid, third] = await schedule();
    expect(paid).toMatchObject({ status: 'succeeded', attempts: 1, amount: second!.amount });
    expect(third).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
