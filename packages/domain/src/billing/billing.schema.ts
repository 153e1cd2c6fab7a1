import { z } from 'zod';
import { idSchema, searchQuerySchema, textSchema } from '../common/fields.schema';
import { subscriptionStatusSchema } from '../device/device.schema';
import {
  ADDRESS_CATEGORIES,
  BILLING_MESSAGES,
  BILLING_TERMS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TERMS,
  PRODUCT_KINDS,
  PROMO_TYPES,
  US_STATES,
} from './billing.constants';

/**
 * The billing API's bodies (spec 002 §3, field names as the spec writes them) and requests
 * (§5's messages). Money is always integer cents.
 */
const m = BILLING_MESSAGES;
const cents = z.number().int();

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const billingTermSchema = z.enum(BILLING_TERMS);
export const paymentTermSchema = z.enum(PAYMENT_TERMS);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const addressCategorySchema = z.enum(ADDRESS_CATEGORIES);

/** An image as the store keeps it: product thumbnails. */
export const thumbnailSchema = z.object({ path: z.string(), alias: z.string() });

/** A plan of a product: months 1 or 12 with its price (spec 002 §3 "Product"). */
export const productPlanSchema = z.object({ months: z.number().int(), price: cents });
export type ProductPlan = z.infer<typeof productPlanSchema>;

/** GET /products/{id}: a catalogue product. `price` is the one-off price (hardware, hours). */
export const productSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  sku: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  price: cents,
  plans: z.array(productPlanSchema).describe('Subscription products only; else empty'),
  thumbnail: thumbnailSchema.nullable(),
});
export type Product = z.infer<typeof productSchema>;

/** A tracker as a subscription shows it (spec 002 §3 "Device (in subscription context)"). */
export const subscriptionDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  imei: z.string().nullable(),
  status: z.string().describe('The subscription status the tracker shows'),
  model: z.object({
    id: z.number().int(),
    name: z.string(),
    product: z.object({ thumbnail: z.object({ path: z.string() }).nullable() }),
  }),
});
export type SubscriptionDevice = z.infer<typeof subscriptionDeviceSchema>;

/** Spec 002 §3 "Subscription". Dates ISO 8601; prices cents. */
export const subscriptionSchema = z.object({
  id: z.number().int(),
  status: subscriptionStatusSchema,
  account_id: z.number().int(),
  devices: z.array(subscriptionDeviceSchema),
  start_at: z.string().nullable(),
  renewal_date: z.string().nullable(),
  actual_price: cents.describe('Price of the current term'),
  renewal_price: cents.describe('Price of the next term'),
  renewal_months: z.number().int(),
  months: z.number().int(),
  cancel_at: z.string().nullable(),
  price: cents.describe('List price of the plan'),
  most_recent_order: z
    .object({ id: z.number().int(), created_at: z.string(), months: z.number().int() })
    .nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const promoCodeSchema = z.object({
  code: z.string(),
  type: z.enum(PROMO_TYPES),
  amount: z.number().int().describe('Cents for dollar; percent for discount; 0 for free_hardware'),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

/** Spec 002 §3 "Order summary": totals in cents, each with its pre-discount amount. */
export const orderSummarySchema = z.object({
  hardware_total: cents,
  subscription_total: cents,
  audio_hour_total: cents,
  live_audio_total: cents,
  shipping_total: cents,
  tax: cents,
  grand_total: cents,
  hardware_total_before_discount: cents,
  subscription_total_before_discount: cents,
  audio_hour_total_before_discount: cents,
  live_audio_total_before_discount: cents,
  shipping_total_before_discount: cents,
  tax_before_discount: cents,
  grand_total_before_discount: cents,
  promo_code: promoCodeSchema.nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  actual_price: cents.describe('Unit price charged'),
  months: z.number().int().nullable().describe('The plan, for subscription items'),
  product: z.object({
    id: z.number().int(),
    title: z.string(),
    sku: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    thumbnail: thumbnailSchema.nullable(),
  }),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** A line of the invoice table: # / Description / Unit Cost / Qty / Line Total. */
export const invoiceItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: cents,
  qty: z.number().int(),
  total: cents,
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

/** Spec 002 §3 "Payment", plus its status and when it was paid. */
export const paymentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  amount: cents,
  due_date: z.string(),
  created_at: z.string(),
  status: paymentStatusSchema,
  paid_at: z.string().nullable(),
  payment_method_id: z.number().int().nullable().describe('The saved card that pays it'),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Spec 002 §3 "Address". */
export const addressSchema = z.object({
  id: z.number().int(),
  category: addressCategorySchema,
  is_default: z.union([z.literal(0), z.literal(1)]),
  addressable_type: z.literal('Account'),
  addressable_id: z.number().int(),
  title: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

/** Spec 002 §3 "Order", with the parts its includes bring. */
export const orderSchema = z.object({
  id: z.number().int(),
  uuid: z.string().describe('The public approve link: /approve-order/{uuid}'),
  status: orderStatusSchema,
  account_id: z.number().int(),
  created_at: z.string(),
  billingTerm: billingTermSchema,
  paymentTerm: paymentTermSchema,
  summary: orderSummarySchema,
  orderItems: z.array(orderItemSchema),
  orderItemsCount: z.number().int(),
  invoiceItems: z.array(invoiceItemSchema),
  payments: z.array(paymentSchema).describe('By due date'),
  billingAddress: addressSchema.nullable(),
  shippingAddress: addressSchema.nullable(),
  admin_form_details: z.object({
    sales_person: z.string().nullable(),
    po_number: z.string().nullable(),
  }),
  account: z.object({ id: z.number().int(), title: z.string() }),
});
export type Order = z.infer<typeof orderSchema>;

/** One row of GET /accounts/{id}/orders. */
export const orderListItemSchema = orderSchema.pick({
  id: true,
  uuid: true,
  status: true,
  account_id: true,
  created_at: true,
  billingTerm: true,
  paymentTerm: true,
  orderItemsCount: true,
  summary: true,
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/**
 * GET /public-orders/{uuid}: only what /approve-order/{uuid} shows (banner, billed-to, invoice
 * number and dates, items, summary, schedule). No account id, shipping address or PO number.
 */
export const publicOrderSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: orderStatusSchema,
  created_at: z.string(),
  billingTerm: billingTermSchema,
  paymentTerm: paymentTermSchema,
  summary: orderSummarySchema,
  invoiceItems: z.array(invoiceItemSchema),
  payments: z.array(paymentSchema.omit({ payment_method_id: true })),
  billingAddress: addressSchema
    .pick({ title: true, line1: true, line2: true, city: true, state: true, zip: true })
    .nullable(),
  admin_form_details: z.object({ sales_person: z.string().nullable() }),
  account: z.object({ title: z.string() }),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

/** Spec 002 §3 "Payment method": a saved card. */
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  default: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

// ---------- requests ----------

/** GET list query of subscriptions and orders: page, per_page, query, status. */
export const billingListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
  query: searchQuerySchema.optional(),
  status: z.string().optional().describe('One status or several joined by commas'),
});
export type BillingListQuery = z.infer<typeof billingListQuerySchema>;

/** POST /accounts/{id}/addresses (spec 002 §5 "Address form"). */
export const addressCreateSchema = z.object({
  category: addressCategorySchema,
  is_default: z.union([z.boolean(), z.literal(0), z.literal(1)]).default(true),
  title: textSchema({ max: 120 }).nullish(),
  line1: textSchema({ max: 200, error: m.line1Required }).min(1, m.line1Required),
  line2: textSchema({ max: 200 }).nullish(),
  city: textSchema({ max: 120, error: m.cityRequired }).min(1, m.cityRequired),
  state: z.enum(US_STATES, { error: m.stateInvalid }).default(US_STATES[0]),
  zip: textSchema({ max: 10, error: m.zipRequired })
    .min(1, { error: m.zipRequired, abort: true })
    .min(5, m.zipMin),
  country: z.literal('US').default('US'),
  phone: textSchema({ max: 40 }).nullish(),
  first_name: textSchema({ max: 120 }).nullish(),
  last_name: textSchema({ max: 120 }).nullish(),
});
export type AddressCreate = z.input<typeof addressCreateSchema>;

/** PUT /accounts/{id}/addresses/{addressId}: make it the default of its category. */
export const addressUpdateSchema = z.object({
  is_default: z.union([z.boolean(), z.literal(0), z.literal(1)]),
});

/** PUT /subscriptions/{id}/status: the cancel and activate modals (spec 002 §4.1). */
export const subscriptionStatusUpdateSchema = z.object({
  status: z.enum(['pending-cancellation', 'cancelled', 'active']),
});

/** POST /subscriptions/{id}/activation: reactivate a cancelled subscription on a plan. */
export const subscriptionActivationSchema = z.object({
  months: z.union([z.literal(1), z.literal(12)], { error: m.planMonths }),
});

/**
 * POST /orders/{id}/payment-intent and POST /public-orders/{uuid}/payment-intent: start paying
 * the order's next due payment (or `payment_id`), with a saved card or through the card form.
 */
export const paymentIntentRequestSchema = z.object({
  payment_id: idSchema.optional(),
  payment_method_id: idSchema.optional().describe('A saved card: charged at once'),
});
export type PaymentIntentRequest = z.infer<typeof paymentIntentRequestSchema>;

/**
 * The answer to a payment-intent or setup-intent call. `form_url` is the sandbox provider's
 * hosted card form (see SANDBOX_FORM_MESSAGES); with Stripe it is null and the web uses
 * `client_secret` with Stripe.js. `status` 'succeeded' with a saved card means: go to
 * /payment-success; 'requires_action' means: show `form_url` for the confirmation step.
 */
export const intentResponseSchema = z.object({
  id: z.string().describe('The provider intent id (payment_intent in the success URL)'),
  client_secret: z.string(),
  status: z.enum([
    'requires_payment_method',
    'requires_action',
    'processing',
    'succeeded',
    'failed',
  ]),
  form_url: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  error: z.string().nullable().describe("The provider's message when the card failed"),
});
export type IntentResponse = z.infer<typeof intentResponseSchema>;

/** PUT /orders/{id}/payments/{paymentId}: which saved card pays this (and later) payments. */
export const paymentUpdateSchema = z.object({ payment_method_id: idSchema.nullable() });

/** PUT /accounts/{id}/payment-methods/{id}: set it as the default card. */
export const paymentMethodUpdateSchema = z.object({ default: z.literal(true) });

/** One item of the platform admin's new order. */
export const adminOrderItemSchema = z.object({
  product_id: idSchema,
  quantity: z.number().int().min(1).max(10_000),
  months: z.union([z.literal(1), z.literal(12)], { error: m.planMonths }).optional(),
});

/** POST /admin/accounts/{accountId}/orders: a platform admin's order for an account. */
export const adminOrderCreateSchema = z.object({
  items: z.array(adminOrderItemSchema).min(1, 'items must hold at least one product'),
  billing_term: billingTermSchema,
  payment_term: paymentTermSchema.default('on-receipt'),
  promo_code: textSchema({ max: 40 }).nullish(),
  sales_person: textSchema({ max: 120 }).nullish(),
  po_number: textSchema({ max: 60 }).nullish(),
  shipping_cents: z.number().int().min(0).max(10_000_000).default(0),
  tax_rate_bp: z
    .number()
    .int()
    .min(0)
    .max(5000)
    .default(0)
    .describe('Sales tax in basis points (725 = 7.25%)'),
  status: z.enum(['draft', 'quote', 'pending-approval']).default('pending-approval'),
});
export type AdminOrderCreate = z.input<typeof adminOrderCreateSchema>;
