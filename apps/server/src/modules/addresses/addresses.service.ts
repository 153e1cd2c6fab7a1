import type { addressCreateSchema } from '@waymark/domain';
import type { z } from 'zod';
import { found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { authorizeBilling } from '../billing/billing.access';
import { presentAddress } from './addresses.present';
import {
  addressRow,
  addressRows,
  defaultAddress,
  deleteAddress,
  insertAddress,
  makeDefault,
} from './addresses.queries';

type AddressCreate = z.output<typeof addressCreateSchema>;

export async function addressesOf(ctx: AppContext, actor: Actor) {
  authorizeBilling(actor);
  return (await addressRows(ctx.database.db, actor.accountId)).map(presentAddress);
}

/**
 * Adds an address. It becomes its category's default when asked (the form's default) or when
 * the category has none yet, so orders always find one.
 */
export async function createAddress(ctx: AppContext, actor: Actor, body: AddressCreate) {
  authorizeBilling(actor);
  const { db } = ctx.database;
  const { is_default, ...fields } = body;
  const row = await insertAddress(db, {
    ...fields,
    title: fields.title ?? null,
    line2: fields.line2 ?? null,
    phone: fields.phone ?? null,
    first_name: fields.first_name ?? null,
    last_name: fields.last_name ?? null,
    account_id: actor.accountId,
  });
  const hasDefault = await defaultAddress(db, actor.accountId, row.category);
  if (is_default === true || is_default === 1 || !hasDefault) await makeDefault(db, row);
  return presentAddress(found(await addressRow(db, actor.accountId, row.id)));
}

/**
 * Sets the default of the address's category (spec 002 §5: the only change the page makes).
 * is_default 0 on the current default is refused: a category keeps one default while it has
 * addresses; choose another address instead.
 */
export async function updateAddress(
  ctx: AppContext,
  actor: Actor,
  addressId: number,
  isDefault: boolean,
) {
  authorizeBilling(actor);
  const { db } = ctx.database;
  const row = found(await addressRow(db, actor.accountId, addressId));
  if (isDefault && !row.is_default) await makeDefault(db, row);
  return presentAddress(found(await addressRow(db, actor.accountId, addressId)));
}

/** Deletes an address; orders keep their copy of it (the reference is cleared). */
export async function removeAddress(ctx: AppContext, actor: Actor, addressId: number) {
  authorizeBilling(actor);
  const { db } = ctx.database;
  const row = found(await addressRow(db, actor.accountId, addressId));
  await deleteAddress(db, row.id);
  // The newest remaining address of the category takes over as its default.
  if (row.is_default) {
    const [next] = (await addressRows(db, actor.accountId)).filter(
      (a) => a.category === row.category,
    );
    if (next) await makeDefault(db, next);
  }
}
