import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, intentResponseSchema, textSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { SandboxProvider } from '../../adapters/payments/sandbox-provider';
import { found } from '../../access/actor';
import { SANDBOX_FORM_SCRIPT, sandboxFormHtml } from './sandbox-form.html';
import { presentIntent } from '../payment-methods/payment-methods.present';

const tags = ['payments'];
const secretField = textSchema({ max: 255, trim: false }).min(1);
const intentParams = z.object({ id: secretField });

/**
 * The sandbox provider's hosted card form and the two calls it makes (registered only while
 * the sandbox is the provider). The intent's client secret is the only credential, as with
 * Stripe's own form: no login, and another intent's id with this secret is 404.
 */
export const sandboxPayRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const sandbox = ctx.payments;
  if (!(sandbox instanceof SandboxProvider)) return;

  const intentOf = async (id: string, secret: string) =>
    found(await sandbox.intentForForm(id, secret));

  app.get(
    '/sandbox-pay/form.js',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The sandbox card form’s script', security: [] },
    },
    async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(SANDBOX_FORM_SCRIPT),
  );

  app.get(
    '/sandbox-pay/form',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The sandbox card form (HTML), for an iframe of the payment modal',
        description:
          'Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, ' +
          '4000 0025 0000 3155 asks for a confirmation step. See SANDBOX_FORM_MESSAGES.',
        security: [],
        querystring: z.object({ intent: secretField, secret: secretField }),
      },
    },
    async (request, reply) => {
      const intent = await intentOf(request.query.intent, request.query.secret);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          sandboxFormHtml({
            intentId: intent.id,
            secret: intent.client_secret,
            kind: intent.kind,
            amount: intent.amount,
            status: intent.status,
          }),
        );
    },
  );

  app.post(
    '/sandbox-pay/intents/:id/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The card form confirms the intent with the entered card',
        security: [],
        params: intentParams,
        body: z.object({
          client_secret: secretField,
          number: textSchema({ max: 40 }),
          // Wide bounds: the card check (readCard) names a wrong expiry in the form's words.
          exp_month: z.number().int().min(0).max(99),
          exp_year: z.number().int().min(0).max(9999),
          cvc: textSchema({ max: 8 }),
        }),
        response: { 200: dataEnvelope(intentResponseSchema) },
      },
    },
    async (request) => {
      const { client_secret, ...card } = request.body;
      const intent = await intentOf(request.params.id, client_secret);
      return { data: presentIntent(sandbox, await sandbox.confirmWithCard(intent, card)) };
    },
  );

  app.post(
    '/sandbox-pay/intents/:id/authenticate',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The confirmation step’s answer: complete or fail the authentication',
        security: [],
        params: intentParams,
        body: z.object({ client_secret: secretField, approve: z.boolean() }),
        response: { 200: dataEnvelope(intentResponseSchema) },
      },
    },
    async (request) => {
      const intent = await intentOf(request.params.id, request.body.client_secret);
      return {
        data: presentIntent(sandbox, await sandbox.authenticate(intent, request.body.approve)),
      };
    },
  );
};
