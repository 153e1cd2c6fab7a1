import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { WebhookSignatureError } from '../../adapters/payments/payment-provider';
import { badRequest, invalidField, notFound } from '../../errors/domain-error';
import { handleProviderEvent } from './payment-events';

/**
 * The provider's events (POST /payments/webhook/{provider}): verified by signature over the
 * raw body, which is why this plugin reads JSON as text.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/webhook/:provider',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Events of the card provider (payment and setup intents), signed',
        description:
          'sandbox: header waymark-sandbox-signature; stripe: header stripe-signature. 400 when ' +
          'the signature does not verify, 404 for a provider that is not the configured one. ' +
          'An event id seen before is answered 200 without being handled again.',
        security: [],
        params: z.object({ provider: z.enum(['sandbox', 'stripe']) }),
        body: z.string().max(1_000_000),
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
        },
      },
    },
    async (request) => {
      if (request.params.provider !== ctx.payments.name) throw notFound();
      if (!isJsonObject(request.body)) throw invalidField('body', 'must be a JSON object');
      let event;
      try {
        event = ctx.payments.verifyWebhook(request.body, request.headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badRequest(error.message);
        throw error;
      }
      const outcome = await handleProviderEvent(ctx, event);
      return { received: true as const, duplicate: outcome === 'duplicate' };
    },
  );
};

/** Every provider's event is a JSON object; anything else is refused before its signature. */
function isJsonObject(text: string) {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
