import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderCreateSchema,
  dataEnvelope,
  idParamSchema,
  orderSchema,
  productSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { found } from '../../access/actor';
import { requireAuth } from '../../http/auth';
import { idParam } from '../../http/params';
import { createAdminOrder } from './admin-orders.service';
import { presentProduct } from './orders.present';
import { productById, productRows } from './orders.queries';

/** The catalogue, and the platform admin's new orders (where orders come from). */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx.database;

  app.get(
    '/products',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'The catalogue: hardware, subscription plans (1 and 12 months), audio hours',
        description: 'Any signed-in user (plans are shown when reactivating).',
        response: { 200: dataEnvelope(z.array(productSchema)) },
      },
    },
    async (request) => {
      requireAuth(request);
      return { data: (await productRows(db)).map(presentProduct) };
    },
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'One product with its plans and prices (cents)',
        description: 'Any signed-in user.',
        params: idParam,
        response: { 200: dataEnvelope(productSchema) },
      },
    },
    async (request) => {
      requireAuth(request);
      return { data: presentProduct(found(await productById(db, request.params.id))) };
    },
  );

  app.post(
    '/admin/accounts/:accountId/orders',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'Create an order for an account and get its approve link (platform admins)',
        description:
          'Items are catalogue products (a subscription item takes months 1 or 12 and makes ' +
          'that many subscriptions, pending until paid). The summary (with the promo code) and ' +
          'the payment schedule (by billing term and payment term) are computed here. status ' +
          'pending-approval (default) or quote is payable from approve_url; draft is not sent. ' +
          '403 unless a platform admin; 404 for an unknown account; 422 naming the field.',
        params: z.object({ accountId: idParamSchema }),
        body: adminOrderCreateSchema,
        response: {
          201: dataEnvelope(orderSchema.extend({ approve_url: z.string() })),
        },
      },
    },
    async (request, reply) => {
      const principal = requireAuth(request);
      const data = await createAdminOrder(ctx, principal, request.params.accountId, request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/billing/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Which card provider the web talks to, and Stripe’s publishable key',
        security: [],
        response: {
          200: dataEnvelope(
            z.object({
              provider: z.enum(['sandbox', 'stripe']),
              publishable_key: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async () => ({
      data: { provider: ctx.payments.name, publishable_key: ctx.payments.publishableKey },
    }),
  );
};
