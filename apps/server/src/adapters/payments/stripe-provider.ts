import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type IntentStatus,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from './payment-provider';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string;
  /** Another API address than Stripe's (a stand-in in tests). */
  apiUrl?: string | undefined;
}

type StripeIntent = Stripe.PaymentIntent | Stripe.SetupIntent;

/** Stripe's many intent statuses, as the four our flow tells apart. */
function statusOf(intent: StripeIntent): IntentStatus {
  switch (intent.status) {
    case 'succeeded':
    case 'processing':
    case 'requires_action':
    case 'requires_payment_method':
      return intent.status as IntentStatus;
    case 'canceled':
      return 'failed';
    default:
      return 'requires_payment_method';
  }
}

function toIntent(intent: StripeIntent): ProviderIntent {
  const pm = intent.payment_method;
  const error =
    'last_payment_error' in intent ? intent.last_payment_error : intent.last_setup_error;
  return {
    id: intent.id,
    kind: intent.object === 'payment_intent' ? 'payment' : 'setup',
    client_secret: intent.client_secret ?? '',
    status: statusOf(intent),
    amount: 'amount' in intent ? intent.amount : 0,
    payment_method: typeof pm === 'string' ? pm : (pm?.id ?? null),
    error: error?.message ?? null,
    metadata: { ...(intent.metadata ?? {}) },
  };
}

/** Stripe: payment intents, setup intents, saved cards, webhooks verified by signature. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    this.publishableKey = options.publishableKey;
    const url = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      telemetry: false,
      ...(url && {
        host: url.hostname,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        protocol: url.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  async createCustomer(input: { accountId: number; name: string }) {
    const customer = await this.stripe.customers.create({
      name: input.name,
      metadata: { account_id: String(input.accountId) },
    });
    return customer.id;
  }

  async createPaymentIntent(input: {
    amount: number;
    customerId: string;
    metadata: Record<string, string>;
    paymentMethod?: string;
    offSession?: boolean;
  }) {
    try {
      const intent = await this.stripe.paymentIntents.create({
        amount: input.amount,
        currency: 'usd',
        customer: input.customerId,
        metadata: input.metadata,
        ...(input.paymentMethod
          ? { payment_method: input.paymentMethod, confirm: true, off_session: input.offSession }
          : { automatic_payment_methods: { enabled: true } }),
      });
      return toIntent(intent);
    } catch (error) {
      // A declined saved card: Stripe answers 402 with the intent, whose failure the webhook reports.
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
        return toIntent(error.payment_intent as Stripe.PaymentIntent);
      }
      throw error;
    }
  }

  async retrieveIntent(id: string) {
    return toIntent(
      id.startsWith('seti_')
        ? await this.stripe.setupIntents.retrieve(id)
        : await this.stripe.paymentIntents.retrieve(id),
    );
  }

  async createSetupIntent(input: { customerId: string; metadata: Record<string, string> }) {
    return toIntent(
      await this.stripe.setupIntents.create({
        customer: input.customerId,
        metadata: input.metadata,
        usage: 'off_session',
      }),
    );
  }

  async retrieveCard(id: string) {
    const pm = await this.stripe.paymentMethods.retrieve(id);
    return {
      id: pm.id,
      brand: pm.card?.brand ?? 'card',
      last4: pm.card?.last4 ?? '0000',
      exp_month: pm.card?.exp_month ?? 1,
      exp_year: pm.card?.exp_year ?? 1970,
    };
  }

  async detachCard(id: string) {
    await this.stripe.paymentMethods.detach(id);
  }

  formUrl() {
    return null;
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>) {
    const signature = headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        typeof signature === 'string' ? signature : '',
        this.options.webhookSecret,
      );
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Bad signature');
    }
    const object = event.data.object as { object?: string };
    const isIntent = object.object === 'payment_intent' || object.object === 'setup_intent';
    return {
      id: event.id,
      type: event.type,
      created: event.created,
      intent: isIntent
        ? toIntent(object as StripeIntent)
        : {
            id: '',
            kind: 'payment',
            client_secret: '',
            status: 'processing',
            amount: 0,
            payment_method: null,
            error: null,
            metadata: {},
          },
    } satisfies ProviderEvent;
  }
}
