import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './payment-provider';
import { SandboxProvider } from './sandbox-provider';
import { StripeProvider } from './stripe-provider';

/** Stripe when STRIPE_SECRET_KEY is set, else the local sandbox. */
export function createPaymentProvider(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) {
    return new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return new SandboxProvider(db, {
    webhookUrl: config.sandboxWebhookUrl,
    secret: config.SANDBOX_WEBHOOK_SECRET,
    onDeliveryError: (error) => log.warn({ err: error }, 'sandbox webhook delivery failed'),
  });
}
