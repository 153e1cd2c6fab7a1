import { authorizePlatformAdmin, found } from '../../access/actor';
import { platformAdminViews } from '../../access/membership.queries';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { ADMIN_ACCOUNT_MESSAGES, type AdminAccountCreate } from '@waymark/domain';
import { invalidField } from '../../errors/domain-error';
import {
  accountIdsPage,
  accountSizes,
  accountTitleTaken,
  insertAccount,
  unassignedDevices,
} from './admin.queries';
import { adminDevicePage } from './admin-devices.queries';
import { presentAdminAccount, presentAdminDevice } from './admin.present';

/** Serials no tracker claims, for platform admins only (403 for anyone else). */
export function unassignedDevicesFor(ctx: AppContext, principal: Principal) {
  authorizePlatformAdmin(principal);
  return unassignedDevices(ctx.database.db, 500);
}

/** The accounts with their trackers and members counted, as a platform admin sees them. */
async function adminAccounts(ctx: AppContext, accountIds: number[]) {
  const db = ctx.database.db;
  const [views, sizes] = await Promise.all([
    platformAdminViews(db, accountIds),
    accountSizes(db, accountIds),
  ]);
  return views.map((view) => presentAdminAccount(view, sizes.get(view.id)));
}

/** A page of every account, searched by title, for platform admins only (403 otherwise). */
export async function adminAccountsPage(
  ctx: AppContext,
  principal: Principal,
  options: { search?: string; limit: number; offset: number },
) {
  authorizePlatformAdmin(principal);
  const { ids, total } = await accountIdsPage(ctx.database.db, options);
  return { rows: await adminAccounts(ctx, ids), total };
}

/** One account as a platform admin sees it; 404 when there is none. */
export async function adminAccount(ctx: AppContext, principal: Principal, accountId: number) {
  authorizePlatformAdmin(principal);
  return found((await adminAccounts(ctx, [accountId]))[0]);
}

/**
 * A new customer account, made by a platform admin (403 for anyone else): no members, no
 * trackers yet; the admin provisions trackers into it and invites its users. A title another
 * account has (in any case) is refused on `title`, so the accounts list never shows two alike.
 */
export async function createAdminAccount(
  ctx: AppContext,
  principal: Principal,
  input: AdminAccountCreate,
) {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  if (await accountTitleTaken(db, input.title)) {
    throw invalidField('title', ADMIN_ACCOUNT_MESSAGES.titleTaken);
  }
  const id = await insertAccount(db, input);
  return found((await adminAccounts(ctx, [id]))[0]);
}

/** A page of every account's trackers, searched, for platform admins only (403 otherwise). */
export async function adminDevicesPage(
  ctx: AppContext,
  principal: Principal,
  options: { search?: string; limit: number; offset: number },
) {
  authorizePlatformAdmin(principal);
  const { rows, total } = await adminDevicePage(ctx.database.db, options);
  return { rows: rows.map(presentAdminDevice), total };
}
