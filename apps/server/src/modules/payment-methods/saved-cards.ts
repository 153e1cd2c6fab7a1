import type { AppContext } from '../../app-context';
import { defaultPaymentMethod, makeDefaultCard, upsertCard } from './payment-methods.queries';

/**
 * Keeps a card the provider saved for the account (a setup intent succeeded), once however
 * often it is reported. The account's first card becomes its default.
 */
export async function saveCard(
  ctx: Pick<AppContext, 'database' | 'payments'>,
  accountId: number,
  providerCardId: string,
) {
  const { db } = ctx.database;
  const card = await ctx.payments.retrieveCard(providerCardId);
  const row = await upsertCard(db, {
    account_id: accountId,
    provider_id: card.id,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
  });
  if (!(await defaultPaymentMethod(db, accountId))) {
    await makeDefaultCard(db, accountId, row.id);
    return { ...row, is_default: true };
  }
  return row;
}
