import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orderSubscriptions, products } from '../../db/schema';

/** The plan product of a subscription: the one its last order bought, else the catalogue's first. */
export async function planProductOf(db: Db, subscriptionId: number) {
  const [bought] = await db
    .select({ product: products })
    .from(orderSubscriptions)
    .innerJoin(orderItems, eq(orderItems.order_id, orderSubscriptions.order_id))
    .innerJoin(
      products,
      and(eq(products.id, orderItems.product_id), eq(products.kind, 'subscription')),
    )
    .where(eq(orderSubscriptions.subscription_id, subscriptionId))
    .orderBy(desc(orderSubscriptions.order_id))
    .limit(1);
  if (bought) return bought.product;
  const [first] = await db
    .select()
    .from(products)
    .where(eq(products.kind, 'subscription'))
    .orderBy(products.id)
    .limit(1);
  return first;
}
