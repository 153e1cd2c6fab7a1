import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES, type adminOrderCreateSchema } from '@waymark/domain';
import type { z } from 'zod';
import { authorizePlatformAdmin, found } from '../../access/actor';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { promoCodes } from '../../db/schema';
import { invalidField } from '../../errors/domain-error';
import { insertOrder, type NewOrderLine } from './order-creation';
import { presentOrder } from './orders.present';
import {
  accountTitle,
  itemsOfOrder,
  orderById,
  paymentsOfOrder,
  productById,
} from './orders.queries';

type AdminOrder = z.output<typeof adminOrderCreateSchema>;

/** The lines of the order at catalogue prices: a subscription line's price is its plan's. */
async function linesOf(ctx: AppContext, body: AdminOrder): Promise<NewOrderLine[]> {
  const lines: NewOrderLine[] = [];
  for (const [i, item] of body.items.entries()) {
    const product = await productById(ctx.database.db, item.product_id);
    if (!product) throw invalidField(`items.${i}.product_id`, BILLING_MESSAGES.unknownProduct);
    if (product.kind === 'subscription') {
      const months = item.months ?? 1;
      const plan = product.plans.find((p) => p.months === months);
      if (!plan) throw invalidField(`items.${i}.months`, BILLING_MESSAGES.planMonths);
      lines.push({ product, quantity: item.quantity, months, unitPrice: plan.price });
    } else {
      lines.push({ product, quantity: item.quantity, months: null, unitPrice: product.price });
    }
  }
  return lines;
}

/**
 * A platform admin's order for an account (where orders come from): catalogue products, billing
 * and payment terms, an optional promo code, sales person and PO number. Answers the order and
 * its approve link, which the admin sends to the customer.
 */
export async function createAdminOrder(
  ctx: AppContext,
  principal: Principal,
  accountId: number,
  body: AdminOrder,
) {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const account = await accountTitle(db, accountId);
  found(account.title ? account : undefined);
  let promo = null;
  if (body.promo_code) {
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, body.promo_code));
    if (!row) throw invalidField('promo_code', BILLING_MESSAGES.unknownPromo);
    promo = { code: row.code, type: row.type, amount: row.amount };
  }
  const orderId = await insertOrder(db, {
    accountId,
    kind: 'purchase',
    status: body.status,
    billingTerm: body.billing_term,
    paymentTerm: body.payment_term,
    lines: await linesOf(ctx, body),
    shipping: body.shipping_cents,
    taxRateBp: body.tax_rate_bp,
    promo,
    salesPerson: body.sales_person ?? null,
    poNumber: body.po_number ?? null,
    now: new Date(),
  });
  const order = (await orderById(db, orderId))!;
  return {
    ...presentOrder(
      order,
      await itemsOfOrder(db, orderId),
      await paymentsOfOrder(db, orderId),
      account,
    ),
    approve_url: new URL(`/approve-order/${order.uuid}`, ctx.config.appUrl).href,
  };
}
