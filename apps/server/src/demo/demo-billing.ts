import { asc, eq, inArray } from 'drizzle-orm';
import { BILLING_TERMS, ORDER_STATUSES, type OrderStatus } from '@waymark/domain';
import type { AppContext } from '../app-context';
import { SandboxProvider } from '../adapters/payments/sandbox-provider';
import {
  accounts,
  addresses,
  paymentMethods,
  payments,
  products,
  promoCodes,
  subscriptions,
} from '../db/schema';
import { customerOf } from '../modules/billing/billing-customer';
import { insertOrder } from '../modules/orders/order-creation';

/** The approve link of the demo's order waiting for approval: /approve-order/{this}. */
export const DEMO_APPROVE_ORDER_UUID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

const PAID: readonly OrderStatus[] = [
  'pending-shipment',
  'shipped',
  'completed',
  'pending-cancellation',
  'refunded',
];

const CATALOGUE = [
  {
    title: 'Mobile 200 GPS Tracker',
    sku: 'WM-LL02',
    kind: 'hardware',
    price: 4999,
    thumbnail_path: '/images/models/ll02.svg',
  },
  {
    title: 'Car Charger Tracker',
    sku: 'WM-VL501',
    kind: 'hardware',
    price: 3999,
    thumbnail_path: '/images/models/vl501.svg',
  },
  {
    title: 'Tracking plan',
    sku: 'WM-PLAN',
    kind: 'subscription',
    price: 0,
    plans: [
      { months: 1, price: 1995 },
      { months: 12, price: 19995 },
    ],
  },
  { title: 'Live audio hours (5)', sku: 'WM-AUDIO-5', kind: 'audio-hours', price: 500 },
] as const;

/**
 * The demo's billing: the catalogue and promo codes; for each demo account a billing and a
 * shipping address and (with the sandbox provider) a saved default card; for Demo Logistics
 * one order in every status, paying for its trackers' subscriptions, with varied billing terms
 * and promos, and a lapsed subscription (below). Paid statuses have their first payment paid,
 * failed has it declined.
 */
export async function seedDemoBilling(ctx: AppContext) {
  const { db } = ctx.database;
  const catalogue = await db
    .insert(products)
    .values(CATALOGUE.map((p) => ({ ...p, plans: 'plans' in p ? [...p.plans] : [] })))
    .returning();
  const [hardware, , plan, audio] = catalogue;
  await db.insert(promoCodes).values([
    { code: 'WELCOME10', type: 'discount', amount: 10 },
    { code: 'SAVE25', type: 'dollar', amount: 2500 },
    { code: 'FREEHW', type: 'free_hardware', amount: 0 },
  ]);

  const demo = await db
    .select()
    .from(accounts)
    .where(inArray(accounts.title, ['Demo Logistics', 'Demo Home', 'Demo Startup']))
    .orderBy(asc(accounts.id));
  for (const account of demo) {
    await db.insert(addresses).values([
      {
        account_id: account.id,
        category: 'billing',
        is_default: true,
        title: account.title,
        line1: '233 S Wacker Dr',
        line2: 'Suite 4400',
        city: 'Chicago',
        state: 'IL',
        zip: '60606',
        first_name: 'Alex',
        last_name: 'Morgan',
        phone: '(312) 555-0100',
      },
      {
        account_id: account.id,
        category: 'shipping',
        is_default: true,
        title: `${account.title} depot`,
        line1: '1200 W 35th St',
        city: 'Chicago',
        state: 'IL',
        zip: '60609',
      },
    ]);
    if (ctx.payments instanceof SandboxProvider) {
      const customer = await customerOf(ctx, account.id);
      const card = {
        brand: 'Visa',
        last4: '4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
      };
      const providerId = await ctx.payments.seedCard(customer, card);
      await db
        .insert(paymentMethods)
        .values({ account_id: account.id, provider_id: providerId, is_default: true, ...card });
    }
  }

  const logistics = demo.find((a) => a.title === 'Demo Logistics');
  if (!logistics || !hardware || !plan || !audio) return;
  await seedLapsedSubscription(ctx, logistics.id);
  const subs = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.account_id, logistics.id))
    .orderBy(asc(subscriptions.id))
    .limit(ORDER_STATUSES.length);
  const now = Date.now();
  for (const [i, status] of ORDER_STATUSES.entries()) {
    const sub = subs[i];
    const months = sub?.months ?? 12;
    const orderedAt = new Date(now - (ORDER_STATUSES.length - i) * 9 * 86_400_000);
    const orderId = await insertOrder(db, {
      accountId: logistics.id,
      kind: 'purchase',
      status,
      billingTerm: BILLING_TERMS[i % BILLING_TERMS.length]!,
      paymentTerm: i % 3 === 0 ? 'net-30' : 'on-receipt',
      lines: [
        { product: hardware, quantity: 1 + (i % 3), months: null, unitPrice: hardware.price },
        {
          product: plan,
          quantity: 1,
          months,
          unitPrice: plan.plans.find((p) => p.months === months)?.price ?? 1995,
        },
        ...(i % 4 === 0
          ? [{ product: audio, quantity: 2, months: null, unitPrice: audio.price }]
          : []),
      ],
      shipping: 995,
      taxRateBp: 625,
      promo:
        i % 5 === 1
          ? { code: 'WELCOME10', type: 'discount', amount: 10 }
          : i % 5 === 3
            ? { code: 'SAVE25', type: 'dollar', amount: 2500 }
            : null,
      salesPerson: i % 2 ? 'Jordan Lee' : null,
      poNumber: i % 2 ? `PO-${4100 + i}` : null,
      paysFor: sub ? [{ subscriptionId: sub.id, months, periodStart: orderedAt }] : [],
      now: orderedAt,
      ...(status === 'pending-approval' && { uuid: DEMO_APPROVE_ORDER_UUID }),
    });
    const [first] = await db
      .select()
      .from(payments)
      .where(eq(payments.order_id, orderId))
      .orderBy(asc(payments.due_date))
      .limit(1);
    if (!first) continue;
    if (PAID.includes(status)) {
      await db
        .update(payments)
        .set({ status: 'succeeded', paid_at: orderedAt })
        .where(eq(payments.id, first.id));
    } else if (status === 'failed') {
      await db
        .update(payments)
        .set({ status: 'failed', last_error: 'Your card was declined.' })
        .where(eq(payments.id, first.id));
    }
  }
}

/**
 * A monthly plan of Demo Logistics whose renewal failed a month ago and whose tracker was
 * since returned: blocked, with no tracker (its Device Name and Serial Number show '-'). The
 * browser test of cancelling and reactivating a subscription takes it, so that no tracker of
 * the fleet the other tests read changes status.
 */
async function seedLapsedSubscription(ctx: AppContext, accountId: number) {
  const day = 86_400_000;
  const now = Date.now();
  await ctx.database.db.insert(subscriptions).values({
    account_id: accountId,
    status: 'blocked',
    start_at: new Date(now - 400 * day),
    renewal_date: new Date(now - 30 * day),
    months: 1,
    renewal_months: 1,
    price: 1995,
    actual_price: 1995,
    renewal_price: 1995,
  });
}
