import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';
import { addressRoutes } from '../addresses/addresses.routes';
import { adminOrderRoutes } from '../orders/admin-orders.routes';
import { orderRoutes } from '../orders/orders.routes';
import { publicOrderRoutes } from '../orders/public-orders.routes';
import { paymentMethodRoutes } from '../payment-methods/payment-methods.routes';
import { paymentWebhookRoutes } from '../payments/payment-webhook.routes';
import { sandboxPayRoutes } from '../payments/sandbox-pay.routes';
import { invoicePdfRoutes } from '../orders/invoice-pdf.routes';
import { subscriptionRoutes } from '../subscriptions/subscriptions.routes';

/** Every route of the billing area (spec 002 §7.2, §7.3), registered in one place. */
export const billingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(addressRoutes, { ctx });
  await app.register(paymentMethodRoutes, { ctx });
  await app.register(subscriptionRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(publicOrderRoutes, { ctx });
  await app.register(adminOrderRoutes, { ctx });
  await app.register(invoicePdfRoutes, { ctx });
  await app.register(sandboxPayRoutes, { ctx });
  // Its own plugin: it reads JSON bodies as text, to verify their signatures.
  await app.register(paymentWebhookRoutes, { ctx });
};
