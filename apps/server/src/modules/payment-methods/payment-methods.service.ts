import { found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { authorizeBilling } from '../billing/billing.access';
import { customerOf } from '../billing/billing-customer';
import { presentIntent, presentPaymentMethod } from './payment-methods.present';
import {
  deletePaymentMethod,
  insertSetupIntent,
  makeDefaultCard,
  paymentMethodRow,
  paymentMethodRows,
} from './payment-methods.queries';
import { saveCard } from './saved-cards';

export async function paymentMethodsOf(ctx: AppContext, actor: Actor) {
  authorizeBilling(actor);
  return (await paymentMethodRows(ctx.database.db, actor.accountId)).map(presentPaymentMethod);
}

/**
 * Starts adding a card: a setup intent at the provider (spec 002 §4.6). The card is saved when
 * the provider reports the intent succeeded (webhook, or the refresh call).
 */
export async function startAddingCard(ctx: AppContext, actor: Actor) {
  authorizeBilling(actor);
  const customerId = await customerOf(ctx, actor.accountId);
  const intent = await ctx.payments.createSetupIntent({
    customerId,
    metadata: { account_id: String(actor.accountId) },
  });
  await insertSetupIntent(ctx.database.db, intent.id, actor.accountId);
  return presentIntent(ctx.payments, intent);
}

/** Asks the provider how the setup intent went; the card once saved, else the intent. */
export async function refreshSetupIntent(ctx: AppContext, actor: Actor, intentId: string) {
  authorizeBilling(actor);
  const intent = await ctx.payments.retrieveIntent(intentId);
  if (intent.status === 'succeeded' && intent.payment_method) {
    return presentPaymentMethod(await saveCard(ctx, actor.accountId, intent.payment_method));
  }
  return presentIntent(ctx.payments, intent);
}

export async function setDefaultCard(ctx: AppContext, actor: Actor, id: number) {
  authorizeBilling(actor);
  const { db } = ctx.database;
  found(await paymentMethodRow(db, actor.accountId, id));
  await makeDefaultCard(db, actor.accountId, id);
  return presentPaymentMethod(found(await paymentMethodRow(db, actor.accountId, id)));
}

/** Removes a card at the provider and here; the newest other card becomes the default. */
export async function removeCard(ctx: AppContext, actor: Actor, id: number) {
  authorizeBilling(actor);
  const { db } = ctx.database;
  const row = found(await paymentMethodRow(db, actor.accountId, id));
  await ctx.payments.detachCard(row.provider_id);
  await deletePaymentMethod(db, id);
  if (row.is_default) {
    const [next] = await paymentMethodRows(db, actor.accountId);
    if (next) await makeDefaultCard(db, actor.accountId, next.id);
  }
}
