import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Account, Setting } from '@waymark/domain';
import type { Db } from '../db/client';
import { accountMemberships, accounts, accountSettings } from '../db/schema';

const accountColumns = {
  id: accounts.id,
  title: accounts.title,
  is_b2b_account: accounts.is_b2b_account,
  has_api_access: accounts.has_api_access,
  has_rules_engine: accounts.has_rules_engine,
  can_track_shipments: accounts.can_track_shipments,
  role: accountMemberships.role,
  full_device_access: accountMemberships.full_device_access,
  device_ids: accountMemberships.device_ids,
  group_ids: accountMemberships.group_ids,
};

/** An account as one user belongs to it: its flags and settings, the role and device access. */
export type Membership = Account & { device_ids: number[]; group_ids: number[] };

async function settingsByAccount(db: Db, accountIds: number[]) {
  const bySettings = new Map<number, Setting[]>();
  if (accountIds.length === 0) return bySettings;
  const rows = await db
    .select()
    .from(accountSettings)
    .where(inArray(accountSettings.account_id, accountIds))
    .orderBy(asc(accountSettings.code));
  for (const row of rows) {
    const list = bySettings.get(row.account_id) ?? [];
    list.push({ code: row.code, value: row.value });
    bySettings.set(row.account_id, list);
  }
  return bySettings;
}

/** Every account the user belongs to, with the user's role and the account's settings. */
export async function membershipsOf(db: Db, userId: number): Promise<Membership[]> {
  const rows = await db
    .select(accountColumns)
    .from(accountMemberships)
    .innerJoin(accounts, eq(accounts.id, accountMemberships.account_id))
    .where(eq(accountMemberships.user_id, userId))
    // The account joined first comes first: it is where the web app starts.
    .orderBy(asc(accountMemberships.created_at), asc(accounts.id));
  const settings = await settingsByAccount(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, settings: settings.get(r.id) ?? [] }));
}

/** The user's membership of one account, or undefined when they do not belong to it. */
export async function membershipOf(
  db: Db,
  userId: number,
  accountId: number,
): Promise<Membership | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(accountMemberships)
    .innerJoin(accounts, eq(accounts.id, accountMemberships.account_id))
    .where(
      and(eq(accountMemberships.user_id, userId), eq(accountMemberships.account_id, accountId)),
    )
    .limit(1);
  if (!row) return undefined;
  const settings = await settingsByAccount(db, [accountId]);
  return { ...row, settings: settings.get(accountId) ?? [] };
}

/**
 * Platform admins may look into any account (spec 002 §1): they see every device, with the
 * abilities of a viewer, so looking never changes anything.
 */
export async function platformAdminView(
  db: Db,
  accountId: number,
): Promise<Membership | undefined> {
  return (await platformAdminViews(db, [accountId]))[0];
}

/** The platform-admin view of each of these accounts that exists, in the order asked. */
export async function platformAdminViews(db: Db, accountIds: number[]): Promise<Membership[]> {
  if (accountIds.length === 0) return [];
  const rows = await db.select().from(accounts).where(inArray(accounts.id, accountIds));
  const settings = await settingsByAccount(db, accountIds);
  const byId = new Map(rows.map((account) => [account.id, account]));
  return accountIds.flatMap((id) => {
    const account = byId.get(id);
    if (!account) return [];
    return [
      {
        id: account.id,
        title: account.title,
        is_b2b_account: account.is_b2b_account,
        has_api_access: account.has_api_access,
        has_rules_engine: account.has_rules_engine,
        can_track_shipments: account.can_track_shipments,
        role: 'viewer' as const,
        full_device_access: true,
        device_ids: [],
        group_ids: [],
        settings: settings.get(id) ?? [],
      },
    ];
  });
}
