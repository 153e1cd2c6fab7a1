import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingListQuerySchema,
  dataEnvelope,
  intentResponseSchema,
  listEnvelope,
  orderListItemSchema,
  orderSchema,
  subscriptionActivationSchema,
  subscriptionSchema,
  subscriptionStatusUpdateSchema,
  textSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { idParam } from '../../http/params';
import { billingActor, billingActorFor } from '../billing/billing.access';
import { subscriptionById } from './subscriptions.queries';
import { reactivateSubscription } from './subscription-activation';
import {
  changeSubscriptionStatus,
  ordersOfSubscriptionFor,
  subscriptionDetails,
  subscriptionsOf,
} from './subscriptions.service';

const tags = ['subscriptions'];
const access = ' Needs manage Account (Admins), else 403; another account’s id is 404.';

/** Subscriptions of an account (spec 002 §2.3, §4.1, §7.3). */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx.database;
  const actorOf = (request: Parameters<typeof billingActor>[0], id: number) =>
    billingActorFor(request, async () => (await subscriptionById(db, id))?.account_id);

  app.get(
    '/accounts/:id/subscriptions',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'A page of the account’s subscriptions, newest first, with their trackers',
        description:
          'status: one status or several joined by commas; query: part of a tracker’s name or ' +
          'serial.' +
          access,
        params: idParam,
        querystring: billingListQuerySchema.extend({
          include: textSchema({ max: 200 })
            .optional()
            .describe('devices,devices.model (always there)'),
        }),
        response: { 200: listEnvelope(subscriptionSchema) },
      },
    },
    async (request) => {
      const actor = await billingActor(request, request.params.id);
      return subscriptionsOf(ctx, actor, request.query);
    },
  );

  app.get(
    '/subscriptions/:id',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One subscription with its trackers, prices and newest order',
        description: 'include=devices,price is accepted; both are always there.' + access,
        params: idParam,
        querystring: z.object({ include: textSchema({ max: 200 }).optional() }),
        response: { 200: dataEnvelope(subscriptionSchema) },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params.id);
      return { data: await subscriptionDetails(ctx, actor, request.params.id) };
    },
  );

  app.get(
    '/subscriptions/:id/orders',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'The orders that paid (or pay) for the subscription, newest first',
        description: access,
        params: idParam,
        response: { 200: dataEnvelope(z.array(orderListItemSchema)) },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params.id);
      return { data: await ordersOfSubscriptionFor(ctx, actor, request.params.id) };
    },
  );

  app.put(
    '/subscriptions/:id/status',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Cancel, or take a cancellation back',
        description:
          'pending-cancellation (the Cancel modal; from active): runs to the renewal date ' +
          '(cancel_at), then cancelled; a blocked subscription is cancelled at once. active (the ' +
          'Activate modal; from pending-cancellation): clears cancel_at. cancelled: now. ' +
          'Another change is 422 on status.' +
          access,
        params: idParam,
        body: subscriptionStatusUpdateSchema,
        response: { 200: dataEnvelope(subscriptionSchema) },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params.id);
      const { status } = request.body;
      return { data: await changeSubscriptionStatus(ctx, actor, request.params.id, status) };
    },
  );

  app.post(
    '/subscriptions/:id/activation',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Reactivate a cancelled subscription on a plan (1 or 12 months)',
        description:
          'Archives the cancelled subscription and makes a new one holding its trackers, ' +
          'pending-renewal until paid; its order is charged to the default card at once and ' +
          'the webhook makes it active. payment_intent.status requires_action: show form_url. ' +
          '422 on payment_method without a saved card, on status when not cancelled.' +
          access,
        params: idParam,
        body: subscriptionActivationSchema,
        response: {
          201: dataEnvelope(
            z.object({
              subscription: subscriptionSchema,
              order: orderSchema,
              payment_intent: intentResponseSchema.nullable(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request, request.params.id);
      const data = await reactivateSubscription(ctx, actor, request.params.id, request.body.months);
      return reply.status(201).send({ data });
    },
  );
};
