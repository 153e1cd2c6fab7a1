import type { AppContext } from '../../app-context';
import type { ProviderIntent } from '../../adapters/payments/payment-provider';
import { queueBillingNotice } from './billing-notices';
import {
  activatePaidSubscriptions,
  devicesOfSubscriptions,
  markFailed,
  markPaid,
  moveOrder,
  orderHasHardware,
  orderRow,
} from './payments.queries';

type Ctx = Pick<AppContext, 'database' | 'bus' | 'jobs'>;

/** Tells the trackers screens that these subscriptions' trackers changed status. */
export async function announceSubscriptions(ctx: Ctx, subscriptionIds: number[]) {
  for (const d of await devicesOfSubscriptions(ctx.database.db, subscriptionIds)) {
    ctx.bus.publish('device.changed', {
      account_id: d.account_id,
      device_id: d.id,
      serials: [d.serial],
    });
  }
}

/**
 * A payment succeeded at the provider (webhook only): the payment is paid, its order moves
 * on from a payable status (to pending-shipment when it holds hardware, else completed), and
 * the subscriptions it pays for become active until the end of the paid period. Runs its
 * effects once: a second report of the same payment changes nothing.
 */
export async function paymentSucceeded(ctx: Ctx, paymentId: number, intent: ProviderIntent) {
  const { db } = ctx.database;
  const paid = await markPaid(db, paymentId, intent.id, new Date());
  if (!paid) return;
  const order = await orderRow(db, paid.order_id);
  if (!order) return;
  const next =
    order.kind === 'purchase' && (await orderHasHardware(db, order.id))
      ? 'pending-shipment'
      : 'completed';
  await moveOrder(db, order.id, next);
  const activated = await activatePaidSubscriptions(db, order.id, new Date());
  await announceSubscriptions(
    ctx,
    activated.map((s) => s.id),
  );
  await queueBillingNotice(ctx, {
    kind: 'payment-succeeded',
    account_id: order.account_id,
    payment_id: paymentId,
  });
}

/**
 * A charge failed (webhook only): the payment is failed unless it was paid meanwhile (a late
 * report of an older attempt), and its unpaid order shows failed (still payable).
 */
export async function paymentFailed(ctx: Ctx, paymentId: number, intent: ProviderIntent) {
  const { db } = ctx.database;
  const failed = await markFailed(db, paymentId, intent.error ?? 'The payment failed');
  if (!failed) return;
  const order = await orderRow(db, failed.order_id);
  if (!order) return;
  await moveOrder(db, order.id, 'failed');
  await queueBillingNotice(ctx, {
    kind: 'payment-failed',
    account_id: order.account_id,
    payment_id: paymentId,
  });
}
