import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  intentResponseSchema,
  paymentIntentRequestSchema,
  publicOrderSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { found } from '../../access/actor';
import { startOrderPayment } from '../payments/payments.service';
import { presentPublicOrder } from './orders.present';
import { accountTitle, itemsOfOrder, orderByUuid, paymentsOfOrder } from './orders.queries';
import { publicPageLimit } from '../../http/rate-limits';

const tags = ['orders'];
const uuidParams = z.object({ uuid: z.uuid() });

/** The public order page's calls (/approve-order/{uuid}, spec 002 §2.5): no login. */
export const publicOrderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx.database;
  /** Carts and drafts are not sent to anyone: their links answer 404. */
  const orderOf = async (uuid: string) => {
    const order = await orderByUuid(db, uuid);
    return found(order && order.status !== 'cart' && order.status !== 'draft' ? order : undefined);
  };

  app.get(
    '/public-orders/:uuid',
    {
      config: { access: 'public', rateLimit: publicPageLimit(ctx.config.PUBLIC_RATE_LIMIT) },
      schema: {
        tags,
        summary: 'An order by its approve link, without a login: only what the page shows',
        description:
          'Sales person, billed-to address, invoice lines, summary, payment schedule, account ' +
          'title. Never the account id, shipping address, PO number or saved cards. 404 for an ' +
          'unknown uuid and for carts and drafts.',
        security: [],
        params: uuidParams,
        response: { 200: dataEnvelope(publicOrderSchema) },
      },
    },
    async (request) => {
      const order = await orderOf(request.params.uuid);
      const items = await itemsOfOrder(db, order.id);
      const payments = await paymentsOfOrder(db, order.id);
      const { title } = await accountTitle(db, order.account_id);
      return { data: presentPublicOrder(order, items, payments, title) };
    },
  );

  app.post(
    '/public-orders/:uuid/payment-intent',
    {
      config: { access: 'public', rateLimit: publicPageLimit(ctx.config.PUBLIC_RATE_LIMIT) },
      schema: {
        tags,
        summary: 'Start paying the order from its approve link ("Continue to Payment")',
        description:
          'As POST /orders/{id}/payment-intent, with a new card only (no saved cards without ' +
          'a login). 409 when the order waits for no payment.',
        security: [],
        params: uuidParams,
        body: paymentIntentRequestSchema.optional(),
        response: { 200: dataEnvelope(intentResponseSchema) },
      },
    },
    async (request) => {
      const order = await orderOf(request.params.uuid);
      return { data: await startOrderPayment(ctx, order, request.body ?? {}, false) };
    },
  );
};
