import {
  ADDRESS_CATEGORIES,
  BILLING_TERMS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TERMS,
  PRODUCT_KINDS,
  PROMO_TYPES,
  type Address,
  type OrderSummary,
  type ProductPlan,
} from '@waymark/domain';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { subscriptions } from './devices';
import { accounts } from './identity';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The catalogue: hardware, subscription plans and audio hours an order is made of. */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  sku: text('sku').notNull().unique(),
  kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
  /** Cents: the one-off price (hardware, hours); 0 for subscription products. */
  price: integer('price').notNull().default(0),
  /** Subscription products: the plans by months (1 and 12) with their prices in cents. */
  plans: jsonb('plans').$type<ProductPlan[]>().notNull().default([]),
  thumbnail_path: text('thumbnail_path'),
  thumbnail_alias: text('thumbnail_alias'),
});

export const promoCodes = pgTable('promo_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  type: text('type', { enum: PROMO_TYPES }).notNull(),
  /** Cents for dollar, percent for discount. */
  amount: integer('amount').notNull().default(0),
});

/** Billing and shipping addresses of an account (spec 002 §3 "Address"). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ADDRESS_CATEGORIES }).notNull(),
    is_default: boolean('is_default').notNull().default(false),
    title: text('title'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull().default('US'),
    phone: text('phone'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    created_at: createdAt,
  },
  (t) => [
    index().on(t.account_id),
    // One default per account and category.
    uniqueIndex('addresses_one_default')
      .on(t.account_id, t.category)
      .where(sql`${t.is_default}`),
  ],
);

/**
 * An order: made by a platform admin (purchase), by the renewal job (renewal) or by a
 * reactivation. Its summary is computed once, when it is made, so later price changes do not
 * rewrite an invoice.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['purchase', 'renewal', 'reactivation'] })
      .notNull()
      .default('purchase'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    billing_term: text('billing_term', { enum: BILLING_TERMS }).notNull(),
    payment_term: text('payment_term', { enum: PAYMENT_TERMS }).notNull().default('on-receipt'),
    summary: jsonb('summary').$type<OrderSummary>().notNull(),
    /** Copies of the addresses as they were when the order was made: an invoice never changes. */
    billing_address: jsonb('billing_address').$type<Address>(),
    shipping_address: jsonb('shipping_address').$type<Address>(),
    sales_person: text('sales_person'),
    po_number: text('po_number'),
    created_at: createdAt,
  },
  (t) => [index().on(t.account_id, t.created_at)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    /** Cents per unit, as charged. */
    actual_price: integer('actual_price').notNull(),
    /** The plan of a subscription item. */
    months: integer('months'),
  },
  (t) => [index().on(t.order_id)],
);

/**
 * The subscriptions an order pays for, with the period it pays: paying moves the
 * subscription's renewal date to at least period_end (so a replayed payment moves it once).
 */
export const orderSubscriptions = pgTable(
  'order_subscriptions',
  {
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subscription_id: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    period_end: timestamp('period_end', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.order_id, t.subscription_id] }), index().on(t.subscription_id)],
);

/** A saved card of an account at the provider (spec 002 §3 "Payment method"). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider_id: text('provider_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    exp_month: integer('exp_month').notNull(),
    exp_year: integer('exp_year').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    created_at: createdAt,
  },
  (t) => [uniqueIndex().on(t.account_id, t.provider_id)],
);

/** A scheduled part of an order's total (spec 002 §3 "Payment"). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    due_date: timestamp('due_date', { withTimezone: true }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    payment_method_id: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    /** The provider's payment intent of the latest attempt. */
    intent_id: text('intent_id'),
    /** Charges tried by the renewal job, and when it tries the next. */
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: createdAt,
  },
  (t) => [index().on(t.order_id), index().on(t.intent_id)],
);

/** The provider's customer of each account (cards are saved to it). */
export const billingCustomers = pgTable('billing_customers', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customer_id: text('customer_id').notNull(),
});

/** Setup intents started by POST /accounts/{id}/payment-methods: whose they are. */
export const setupIntents = pgTable('setup_intents', {
  id: text('id').primaryKey(),
  account_id: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  created_at: createdAt,
});

/**
 * Provider events handled, by the provider's event id: a replayed event is answered without
 * being handled again.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  received_at: createdAt,
});

/**
 * The sandbox provider's own books (it stands in for Stripe's): intents, saved cards and the
 * events it sends to the webhook. Nothing else reads these tables.
 */
export const sandboxIntents = pgTable('sandbox_intents', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['payment', 'setup'] }).notNull(),
  client_secret: text('client_secret').notNull(),
  customer_id: text('customer_id'),
  amount: integer('amount').notNull().default(0),
  status: text('status').notNull(),
  payment_method: text('payment_method'),
  last_error: text('last_error'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  created_at: createdAt,
});

export const sandboxCards = pgTable('sandbox_cards', {
  id: text('id').primaryKey(),
  customer_id: text('customer_id'),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  exp_month: integer('exp_month').notNull(),
  exp_year: integer('exp_year').notNull(),
  /** What charging it does: succeed, decline, or ask for the confirmation step. */
  behaviour: text('behaviour', {
    enum: ['succeed', 'decline', 'decline-charges', 'authenticate'],
  }).notNull(),
  created_at: createdAt,
});

export const sandboxEvents = pgTable('sandbox_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  delivered_at: timestamp('delivered_at', { withTimezone: true }),
  created_at: createdAt,
});
