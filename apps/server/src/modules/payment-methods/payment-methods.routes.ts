import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  idParamSchema,
  intentResponseSchema,
  paymentMethodSchema,
  paymentMethodUpdateSchema,
  textSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { idParam } from '../../http/params';
import { billingActor, billingActorFor } from '../billing/billing.access';
import { accountOfSetupIntent } from './payment-methods.queries';
import {
  paymentMethodsOf,
  refreshSetupIntent,
  removeCard,
  setDefaultCard,
  startAddingCard,
} from './payment-methods.service';

const tags = ['payment-methods'];
const access = ' Needs manage Account (Admins), else 403.';
const cardParams = z.object({
  id: idParamSchema.describe('Account id'),
  paymentMethodId: idParamSchema.describe('Payment method id'),
});

/** Saved cards of an account (spec 002 §2.3 "Payment methods page", §4.6, §7.3). */
export const paymentMethodRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/accounts/:id/payment-methods',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'The account’s saved cards, the default first',
        description: 'The list is at data.data (spec 002 §7.3).' + access,
        params: idParam,
        response: { 200: dataEnvelope(z.object({ data: z.array(paymentMethodSchema) })) },
      },
    },
    async (request) => {
      const actor = await billingActor(request, request.params.id);
      return { data: { data: await paymentMethodsOf(ctx, actor) } };
    },
  );

  app.post(
    '/accounts/:id/payment-methods',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Start adding a card: a setup intent at the card provider',
        description:
          'Answers the intent: with the sandbox provider, form_url is the card form to show; ' +
          'with Stripe, confirm client_secret with Stripe.js. The card is saved when the ' +
          'provider reports success (webhook) or on POST /setup-intents/{id}/refresh; the ' +
          'account’s first card becomes its default.' +
          access,
        params: idParam,
        response: { 201: dataEnvelope(intentResponseSchema) },
      },
    },
    async (request, reply) => {
      const actor = await billingActor(request, request.params.id);
      return reply.status(201).send({ data: await startAddingCard(ctx, actor) });
    },
  );

  app.put(
    '/accounts/:id/payment-methods/:paymentMethodId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Make the card the default; every other card stops being it',
        description: access,
        params: cardParams,
        body: paymentMethodUpdateSchema,
        response: { 200: dataEnvelope(paymentMethodSchema) },
      },
    },
    async (request) => {
      const { id, paymentMethodId } = request.params;
      const actor = await billingActor(request, id);
      return { data: await setDefaultCard(ctx, actor, paymentMethodId) };
    },
  );

  app.delete(
    '/accounts/:id/payment-methods/:paymentMethodId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Delete a card (also at the provider)',
        description: 'When the default goes, the newest other card becomes the default.' + access,
        params: cardParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const { id, paymentMethodId } = request.params;
      await removeCard(ctx, await billingActor(request, id), paymentMethodId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/setup-intents/:id/refresh',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'How adding a card went: the saved card, or the setup intent while unfinished',
        description:
          'For the page the card form returns to. 404 for an unknown intent or another ' +
          'account’s.' +
          access,
        params: z.object({ id: textSchema({ max: 255, trim: false }).min(1) }),
        response: { 200: dataEnvelope(z.union([paymentMethodSchema, intentResponseSchema])) },
      },
    },
    async (request) => {
      const { db } = ctx.database;
      const actor = await billingActorFor(request, () =>
        accountOfSetupIntent(db, request.params.id),
      );
      return { data: await refreshSetupIntent(ctx, actor, request.params.id) };
    },
  );
};
