import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceNumber } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { found } from '../../access/actor';
import { idParam } from '../../http/params';
import { billingActorFor } from '../billing/billing.access';
import { accountOfPayment, paymentRow } from '../payments/payments.queries';
import { writeInvoicePdf } from './invoice-pdf';
import { accountOfOrder } from './orders.queries';
import { orderDetails } from './orders.service';

const tags = ['orders'];
const access = ' Needs manage Account (Admins), else 403; another account’s id is 404.';

/** The invoice PDFs (spec 002 §2.8 'Download .PDF'; §7.3 generate-pdf). */
export const invoicePdfRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx.database;

  app.get(
    '/orders/:id/generate-pdf',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'The order’s invoice as a PDF',
        description: access,
        params: idParam,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const actor = await billingActorFor(request, () => accountOfOrder(db, request.params.id));
      const order = await orderDetails(ctx, actor, request.params.id);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="invoice-${invoiceNumber(order.id)}.pdf"`,
        )
        .send(writeInvoicePdf(order));
    },
  );

  app.get(
    '/payments/:id/generate-pdf',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One payment’s invoice as a PDF (with its due date and amount due)',
        description: access,
        params: idParam,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const actor = await billingActorFor(request, () => accountOfPayment(db, request.params.id));
      const row = found(await paymentRow(db, request.params.id));
      const order = await orderDetails(ctx, actor, row.order_id);
      const payment = found(order.payments.find((p) => p.id === row.id));
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="invoice-${invoiceNumber(order.id, payment.id)}.pdf"`,
        )
        .send(writeInvoicePdf(order, payment));
    },
  );
};
