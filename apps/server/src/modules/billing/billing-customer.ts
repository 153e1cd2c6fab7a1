import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { accounts, billingCustomers } from '../../db/schema';

/**
 * The provider's customer of the account, made on first use. A customer of another provider
 * (the sandbox before Stripe was configured) is replaced: its cards do not exist at the new one.
 */
export async function customerOf(
  ctx: Pick<AppContext, 'database' | 'payments'>,
  accountId: number,
) {
  const { db } = ctx.database;
  const [known] = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.account_id, accountId));
  if (known && known.provider === ctx.payments.name) return known.customer_id;
  const [account] = await db
    .select({ title: accounts.title })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const customerId = await ctx.payments.createCustomer({
    accountId,
    name: account?.title ?? `Account ${accountId}`,
  });
  const row = { account_id: accountId, provider: ctx.payments.name, customer_id: customerId };
  await db
    .insert(billingCustomers)
    .values(row)
    .onConflictDoUpdate({ target: billingCustomers.account_id, set: row });
  return customerId;
}
