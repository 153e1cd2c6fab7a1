import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentMethods, setupIntents } from '../../db/schema';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** The account's cards: the default first, then newest. */
export function paymentMethodRows(db: Db, accountId: number) {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.account_id, accountId))
    .orderBy(desc(paymentMethods.is_default), desc(paymentMethods.id));
}

export async function paymentMethodRow(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.account_id, accountId), eq(paymentMethods.id, id)));
  return row;
}

export async function defaultPaymentMethod(db: Db, accountId: number) {
  const [row] = await paymentMethodRows(db, accountId);
  return row?.is_default ? row : undefined;
}

/** Makes the card the account's only default (spec 002 §4.6). */
export async function makeDefaultCard(db: Db, accountId: number, id: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(paymentMethods)
      .set({ is_default: false })
      .where(and(eq(paymentMethods.account_id, accountId), ne(paymentMethods.id, id)));
    await tx.update(paymentMethods).set({ is_default: true }).where(eq(paymentMethods.id, id));
  });
}

/** Stores a card once per account and provider id; answers the stored row. */
export async function upsertCard(db: Db, values: typeof paymentMethods.$inferInsert) {
  await db
    .insert(paymentMethods)
    .values(values)
    .onConflictDoNothing({ target: [paymentMethods.account_id, paymentMethods.provider_id] });
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.account_id, values.account_id),
        eq(paymentMethods.provider_id, values.provider_id),
      ),
    );
  return row!;
}

export function deletePaymentMethod(db: Db, id: number) {
  return db.delete(paymentMethods).where(eq(paymentMethods.id, id));
}

export function insertSetupIntent(db: Db, id: string, accountId: number) {
  return db.insert(setupIntents).values({ id, account_id: accountId }).onConflictDoNothing();
}

export async function accountOfSetupIntent(db: Db, id: string) {
  const [row] = await db
    .select({ account_id: setupIntents.account_id })
    .from(setupIntents)
    .where(eq(setupIntents.id, id));
  return row?.account_id;
}
