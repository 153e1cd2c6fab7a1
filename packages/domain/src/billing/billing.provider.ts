/**
 * The card provider contract between server and web.
 *
 * Sandbox provider (the default, no STRIPE_SECRET_KEY): the server serves its own hosted card
 * form at `form_url` (from POST /orders/{id}/payment-intent, POST
 * /public-orders/{uuid}/payment-intent or POST /accounts/{id}/payment-methods). The web shows
 * it in an iframe inside the payment modal and keeps its own agreement checkbox and 'Submit
 * Payment' button:
 *
 *   1. the iframe, once loaded, posts `{ type: 'waymark-pay:ready' }` to its parent;
 *   2. on 'Submit Payment' the parent posts `{ type: 'waymark-pay:submit' }` to the iframe;
 *   3. the iframe confirms the card with the server and may show a confirmation step
 *      (card 4000 0025 0000 3155: 'Complete authentication'), then posts
 *      `{ type: 'waymark-pay:result', status, intent_id, message }` to its parent, where status
 *      is 'succeeded' (payment: go to /payment-success?order_id=..&payment_intent=..; setup:
 *      the card is saved, go to /manage/payment) or 'failed' (show `message`, re-enable the form).
 *
 * Messages are sent with target origin '*' and carry no secret; the parent checks
 * `event.origin` is the API's origin. The card's outcome reaches orders and subscriptions only
 * through the provider's webhook to POST /api/payments/webhook/{provider}.
 *
 * Stripe (STRIPE_SECRET_KEY set): `form_url` is null; the web confirms `client_secret` with
 * Stripe.js (publishable key from GET /api/billing/config).
 */
export const SANDBOX_FORM_MESSAGES = {
  ready: 'waymark-pay:ready',
  submit: 'waymark-pay:submit',
  result: 'waymark-pay:result',
} as const;

export interface SandboxFormResult {
  type: typeof SANDBOX_FORM_MESSAGES.result;
  status: 'succeeded' | 'failed';
  intent_id: string;
  message: string | null;
}

/** Test cards of the sandbox provider (the same numbers as Stripe's test mode). */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Saved, then declined when charged (Stripe's test card with the same behaviour). */
  declinedOnCharge: '4000000000000341',
  requiresAction: '4000002500003155',
} as const;

/** How many times a renewal's declined charge is retried, and how many days apart, before blocked. */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;

/**
 * The API paths the billing server serves (spec 002 §7.2, §7.3 verbatim, under /api), plus
 * ours marked. `{id}` of /accounts is the account id.
 */
export const BILLING_API_PATHS = [
  'GET /accounts/{id}/addresses',
  'POST /accounts/{id}/addresses',
  'PUT /accounts/{id}/addresses/{addressId}',
  'DELETE /accounts/{id}/addresses/{addressId}',
  'GET /accounts/{id}/subscriptions',
  'GET /subscriptions/{id}',
  'GET /subscriptions/{id}/orders',
  'GET /orders/{id}/subscriptions',
  'PUT /subscriptions/{id}/status',
  'POST /subscriptions/{id}/activation',
  'GET /accounts/{id}/orders',
  'GET /orders/{id}',
  'GET /public-orders/{uuid}',
  'POST /orders/{id}/payment-intent',
  'POST /public-orders/{uuid}/payment-intent', // ours: the public page pays without login
  'GET /orders/{id}/payments',
  'PUT /orders/{id}/payments/{paymentId}',
  'GET /payments/{id}/generate-pdf',
  'GET /orders/{id}/generate-pdf',
  'GET /products', // ours: the admin's catalogue
  'GET /products/{id}',
  'GET /accounts/{id}/payment-methods',
  'POST /accounts/{id}/payment-methods',
  'PUT /accounts/{id}/payment-methods/{paymentMethodId}',
  'DELETE /accounts/{id}/payment-methods/{paymentMethodId}',
  'POST /setup-intents/{id}/refresh',
  'GET /billing/config', // ours: provider name and Stripe publishable key
  'POST /admin/accounts/{accountId}/orders', // ours: platform admin creates an order
  'POST /payments/webhook/{provider}', // ours: provider events, verified by signature
] as const;
