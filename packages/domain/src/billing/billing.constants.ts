/**
 * Billing vocabulary of spec 002 §4 and §9: statuses, terms, badge colours and the texts the
 * billing screens and calls show. One place, so server, web and PDFs agree.
 */

/** Order statuses (spec 002 §4.2; the spec names some, the rest are ours with §4.3 colours). */
export const ORDER_STATUSES = [
  'cart',
  'draft',
  'quote',
  'pending-approval',
  'pending',
  'failed',
  'pending-shipment',
  'shipped',
  'completed',
  'pending-cancellation',
  'cancelled',
  'rejected-quote',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Statuses that still wait for money: 'Pay Now' shows for them and the payment calls accept
 * them. pending-approval: sent to the customer; pending: approved or renewed, unpaid;
 * failed: the last charge was declined; quote: an offer the customer may pay to accept.
 */
export const PAYABLE_ORDER_STATUSES: readonly OrderStatus[] = [
  'quote',
  'pending-approval',
  'pending',
  'failed',
];

/** Order status labels where the spec names one (spec 002 §4.2); others are title-cased. */
export const ORDER_STATUS_LABELS: Partial<Record<OrderStatus, string>> = {
  'pending-shipment': 'Pending Shipment',
  'pending-cancellation': 'Pending Cancellation',
  'pending-approval': 'Pending Approval',
};

/** Payment statuses: a scheduled payment is pending until the provider reports the charge. */
export const PAYMENT_STATUSES = ['pending', 'processing', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Billing terms (modes) of spec 002 §9: how an order's total is split into payments. */
export const BILLING_TERMS = [
  'up-front',
  'device-up-front',
  'monthly',
  'device-up-front-annually',
] as const;
export type BillingTerm = (typeof BILLING_TERMS)[number];

/** Payment terms of spec 002 §9: when the first payment falls due after the order. */
export const PAYMENT_TERMS = [
  'on-receipt',
  'net-15',
  'net-30',
  'net-45',
  'net-60',
  'net-75',
] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];

export const PROMO_TYPES = ['free_hardware', 'dollar', 'discount'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

/** Kinds of catalogue product: how an order item counts in the summary. */
export const PRODUCT_KINDS = ['hardware', 'subscription', 'audio-hours', 'live-audio'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const ADDRESS_CATEGORIES = ['billing', 'shipping'] as const;
export type AddressCategory = (typeof ADDRESS_CATEGORIES)[number];

/** Annual plan is 12 months, monthly is 1 (spec 002 §9). */
export const MONTHLY_PLAN_MONTHS = 1;
export const ANNUAL_PLAN_MONTHS = 12;

export type BadgeColour = 'green' | 'blue' | 'yellow' | 'red' | 'gray' | 'purple';

/** The shared status badge colours of spec 002 §4.3, for every screen's badges. */
export const STATUS_BADGE_COLOURS: Record<string, BadgeColour> = Object.fromEntries(
  (
    [
      ['green', 'active paid enabled succeeded connected completed on approved'],
      ['blue', 'pending shipped pending-shipment confirmed auto-approved'],
      [
        'yellow',
        'pending-renewal cart unassigned pending-cancellation cancelling blocked queued quote partial-refund archived on-hold replaced new',
      ],
      [
        'red',
        'cancelled suspended disabled rejected inactive off failed rejected-quote refunded trash',
      ],
      ['gray', 'inventory draft'],
      ['purple', 'reserved published pending-approval'],
    ] as const
  ).flatMap(([colour, names]) => names.split(' ').map((name) => [name, colour])),
);

/** The seller's address on every invoice (spec 002 §2.8: a street in Kernersville, NC 27284). */
export const COMPANY_ADDRESS = {
  title: 'Waymark Tracking, Inc.',
  line1: '1031 E Mountain St',
  line2: 'Suite 300',
  city: 'Kernersville',
  state: 'NC',
  zip: '27284',
} as const;

/** The approve-order banner's name when the order has no sales person (spec 002 §2.5). */
export const DEFAULT_SALES_PERSON = 'The Waymark Team';

/** Texts of the billing screens and calls: spec 002 §2.3, §2.5, §2.8, §5, §8 verbatim; ours marked. */
export const BILLING_MESSAGES = {
  line1Required: 'line1 is required',
  cityRequired: 'city is required',
  zipRequired: 'zip is required',
  zipMin: 'min 5 chars',
  addressDeleted: 'Address has been deleted',
  defaultAddressSet: 'New default address has been set',
  billingAddressAdded: 'New billing address added',
  shippingAddressAdded: 'New shipping address added',
  paymentMethodAdded: 'Payment method has been added successfully',
  paymentMethodDeleteFailed: 'Error deleting payment method',
  noPaymentMethods: 'No payment methods were found.',
  loadingPaymentMethods: 'Loading payment methods...',
  settingDefault: 'Setting as default...',
  creditCardExpired: 'Credit card expired',
  subscriptionCancelled: 'Subscription has been cancelled',
  subscriptionActivated: 'Subscription has been activated.',
  paymentProcessing: 'Payment is processing',
  noItems: 'This order has no items',
  thankYou: 'Thank you for your payment',
  notFound: 'Not found',
  // Ours: the spec shows no text for these.
  orderNotPayable: 'This order is not waiting for a payment',
  paymentNotPayable: 'This payment is not waiting for a charge',
  noPaymentMethod: 'Add a payment method before reactivating the subscription',
  reactivationUnpaid: 'The default card asks for a confirmation: pay the order to reactivate',
  paymentMethodDeleted: 'Payment method has been deleted',
  cardDeclined: 'Your card was declined.',
  cardIncomplete: 'Your card number is incomplete.',
  cardExpired: 'Your card has expired.',
  statusChangeNotAllowed: (from: string, to: string) =>
    `A subscription in status ${from} cannot be set to ${to}`,
  reactivateOnlyCancelled: 'Only a cancelled subscription can be reactivated',
  unknownProduct: 'Each item must be a product of the catalogue',
  unknownPromo: 'The promo code does not exist',
  planMonths: 'months must be 1 (Monthly) or 12 (Annual)',
  stateInvalid: 'state must be one of the 50 US states',
  defaultPaymentMethodNotDeletable:
    'The default payment method cannot be deleted while other cards exist; set another default first',
} as const;

/** The 50 US states, the address form's state choices (first is the default, spec 002 §5). */
// prettier-ignore -- ten a line reads better than fifty lines
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type UsState = (typeof US_STATES)[number];
