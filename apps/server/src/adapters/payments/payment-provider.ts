/**
 * The card payment provider, behind one interface: the local sandbox (default) or Stripe
 * (STRIPE_SECRET_KEY). Both speak Stripe's vocabulary: customers, payment intents, setup
 * intents, saved payment methods, and signed webhook events that carry the outcome.
 */

export type IntentStatus =
  'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'failed';

export interface ProviderIntent {
  id: string;
  kind: 'payment' | 'setup';
  client_secret: string;
  status: IntentStatus;
  amount: number;
  /** The card used (payment) or saved (setup), once known. */
  payment_method: string | null;
  /** The provider's message when the card failed. */
  error: string | null;
  metadata: Record<string, string>;
}

export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** A webhook event, verified. `created` orders nothing: handlers do not trust arrival order. */
export interface ProviderEvent {
  id: string;
  type:
    | 'payment_intent.succeeded'
    | 'payment_intent.payment_failed'
    | 'setup_intent.succeeded'
    | (string & {});
  created: number;
  intent: ProviderIntent;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Publishable key for Stripe.js; null for the sandbox. */
  readonly publishableKey: string | null;
  createCustomer(input: { accountId: number; name: string }): Promise<string>;
  /**
   * A payment intent for `amount` cents. With `paymentMethod` it is confirmed at once (a saved
   * card; `offSession` for the renewal job, where nobody can pass a confirmation step).
   */
  createPaymentIntent(input: {
    amount: number;
    customerId: string;
    metadata: Record<string, string>;
    paymentMethod?: string;
    offSession?: boolean;
  }): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
  }): Promise<ProviderIntent>;
  retrieveCard(id: string): Promise<ProviderCard>;
  detachCard(id: string): Promise<void>;
  /** The hosted card form for the intent (sandbox), or null (Stripe.js confirms it). */
  formUrl(intent: ProviderIntent): string | null;
  /** The event of a webhook request; throws when its signature does not verify. */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderEvent;
}

/** Thrown by verifyWebhook: the route answers 400. */
export class WebhookSignatureError extends Error {}
