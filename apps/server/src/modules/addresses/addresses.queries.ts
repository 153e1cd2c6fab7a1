import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { AddressCategory } from '@waymark/domain';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressInsert = typeof addresses.$inferInsert;

/** The account's addresses: defaults first, then newest. */
export function addressRows(db: Db, accountId: number) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.account_id, accountId))
    .orderBy(asc(addresses.category), desc(addresses.is_default), desc(addresses.id));
}

export async function addressRow(db: Db, accountId: number, addressId: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.account_id, accountId), eq(addresses.id, addressId)));
  return row;
}

/** The account's default address of a category. */
export async function defaultAddress(db: Db, accountId: number, category: AddressCategory) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.account_id, accountId),
        eq(addresses.category, category),
        eq(addresses.is_default, true),
      ),
    );
  return row;
}

/** Makes the address its category's only default, in one transaction. */
export async function makeDefault(db: Db, row: AddressRow) {
  await db.transaction(async (tx) => {
    await tx
      .update(addresses)
      .set({ is_default: false })
      .where(
        and(
          eq(addresses.account_id, row.account_id),
          eq(addresses.category, row.category),
          ne(addresses.id, row.id),
        ),
      );
    await tx.update(addresses).set({ is_default: true }).where(eq(addresses.id, row.id));
  });
}

export async function insertAddress(db: Db, values: AddressInsert) {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, is_default: false })
    .returning();
  return row!;
}

export function deleteAddress(db: Db, addressId: number) {
  return db.delete(addresses).where(eq(addresses.id, addressId));
}
