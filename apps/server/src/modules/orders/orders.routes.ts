import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingListQuerySchema,
  dataEnvelope,
  idParamSchema,
  intentResponseSchema,
  listEnvelope,
  orderListItemSchema,
  orderSchema,
  paymentIntentRequestSchema,
  paymentSchema,
  paymentUpdateSchema,
  subscriptionSchema,
  textSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { idParam } from '../../http/params';
import { billingActor, billingActorFor } from '../billing/billing.access';
import { choosePaymentCard, startOrderPayment } from '../payments/payments.service';
import { presentPayment } from './orders.present';
import { accountOfOrder } from './orders.queries';
import {
  orderDetails,
  orderOf,
  ordersOf,
  paymentsOfOrderFor,
  subscriptionsOfOrder,
} from './orders.service';

const tags = ['orders'];
const access = ' Needs manage Account (Admins), else 403; another account’s id is 404.';
const paymentParams = z.object({
  id: idParamSchema.describe('Order id'),
  paymentId: idParamSchema.describe('Payment id'),
});

/** Orders and their payments (spec 002 §2.3 "Orders list", "Order detail", §2.8, §7.3). */
export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  const actorOf = (request: Parameters<typeof billingActor>[0], orderId: number) =>
    billingActorFor(request, () => accountOfOrder(db, orderId));

  app.get(
    '/accounts/:id/orders',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'A page of the account’s orders, newest first',
        description:
          'status: one status or several joined by commas. Each row carries orderItemsCount and ' +
          'the summary.' +
          access,
        params: idParam,
        querystring: billingListQuerySchema.extend({
          include: textSchema({ max: 200 }).optional().describe('orderItemsCount (always there)'),
        }),
        response: { 200: listEnvelope(orderListItemSchema) },
      },
    },
    async (request) => {
      const actor = await billingActor(request, request.params.id);
      return ordersOf(ctx, actor, request.query);
    },
  );

  app.get(
    '/orders/:id',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One order: items, invoice lines, summary, payments, addresses, account',
        description:
          'include=account,billingAddress,shippingAddress,invoiceItems,payments is accepted; ' +
          'all are always there. Addresses are the copies made with the order.' +
          access,
        params: idParam,
        querystring: z.object({ include: textSchema({ max: 200 }).optional() }),
        response: { 200: dataEnvelope(orderSchema) },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params.id);
      return { data: await orderDetails(ctx, actor, request.params.id) };
    },
  );

  app.get(
    '/orders/:id/subscriptions',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'The subscriptions the order pays for',
        description: access,
        params: idParam,
        response: { 200: dataEnvelope(z.array(subscriptionSchema)) },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params.id);
      return { data: await subscriptionsOfOrder(ctx, actor, request.params.id) };
    },
  );

  app.get(
    '/orders/:id/payments',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'The order’s payment schedule, by due date, with each payment’s status',
        description: access,
        params: idParam,
        response: { 200: dataEnvelope(z.array(paymentSchema)) },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params.id);
      return { data: await paymentsOfOrderFor(ctx, actor, request.params.id) };
    },
  );

  app.put(
    '/orders/:id/payments/:paymentId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Choose the saved card that pays this payment (renewal retries use it too)',
        description:
          'payment_method_id: a card of the account, or null for the default card.' + access,
        params: paymentParams,
        body: paymentUpdateSchema,
        response: { 200: dataEnvelope(paymentSchema) },
      },
    },
    async (request) => {
      const { id, paymentId } = request.params;
      const actor = await actorOf(request, id);
      const order = await orderOf(db, actor, id);
      const payment = await choosePaymentCard(
        ctx,
        order,
        paymentId,
        request.body.payment_method_id,
      );
      return { data: presentPayment(payment) };
    },
  );

  app.post(
    '/orders/:id/payment-intent',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Start paying the order’s next open payment (or payment_id)',
        description:
          'With payment_method_id (a saved card) the card is charged at once: status succeeded ' +
          'means go to /payment-success; requires_action means show form_url for the ' +
          'confirmation step. Without it, show form_url (sandbox) or confirm client_secret with ' +
          'Stripe.js. The outcome reaches the order only by the provider’s webhook. 409 when ' +
          'the order waits for no payment.' +
          access,
        params: idParam,
        body: paymentIntentRequestSchema.optional(),
        response: { 200: dataEnvelope(intentResponseSchema) },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params.id);
      const order = await orderOf(db, actor, request.params.id);
      return { data: await startOrderPayment(ctx, order, request.body ?? {}, true) };
    },
  );
};
