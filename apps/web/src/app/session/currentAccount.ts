import {
  accountFeatures,
  defineAbilityFor,
  type Account,
  type AccountFeatures,
  type AppAbility,
  type Me,
  type Role,
} from '@waymark/domain';

type AccountsOf = Pick<Me, 'accounts' | 'is_gpx_admin'>;

/**
 * True when the stored account is one a platform admin opened from the accounts list without
 * belonging to it: the session then needs that account from GET /admin/accounts/{id}.
 */
export function needsOpenedAccount(me: AccountsOf, storedId: number | null): storedId is number {
  return me.is_gpx_admin && storedId !== null && !me.accounts.some((a) => a.id === storedId);
}

/**
 * The stored account when the user still belongs to it (or, for a platform admin, the account
 * they opened), else their first account; null for a platform admin with neither.
 */
export function chooseAccount(
  me: AccountsOf,
  storedId: number | null,
  opened: Account | null = null,
): Account | null {
  const member = me.accounts.find((a) => a.id === storedId);
  if (member) return member;
  if (opened && opened.id === storedId && needsOpenedAccount(me, storedId)) return opened;
  return me.accounts[0] ?? null;
}

export function roleIn(me: Pick<Me, 'account_roles'>, account: Account | null): Role | undefined {
  if (!account) return undefined;
  return me.account_roles[String(account.id)] ?? account.role;
}

export interface SessionView {
  me: Me;
  account: Account | null;
  role: Role | undefined;
  features: AccountFeatures | null;
  ability: AppAbility;
  isImitating: boolean;
}

const NO_ACCOUNT = {
  is_b2b_account: false,
  has_api_access: false,
  has_rules_engine: false,
  can_track_shipments: false,
  settings: [],
};

/**
 * Everything permission-related a screen reads, derived in one place from GET /me (and, for a
 * platform admin, the account they opened: a viewer of every tracker, as the server sees it).
 */
export function sessionView(
  me: Me,
  storedId: number | null,
  imitationToken: boolean,
  opened: Account | null = null,
): SessionView {
  const account = chooseAccount(me, storedId, opened);
  const role = roleIn(me, account);
  const isImitating = imitationToken || me.imitated_by !== null;
  return {
    me,
    account,
    role,
    features: account ? accountFeatures(account) : null,
    ability: defineAbilityFor({
      role,
      account: account ?? NO_ACCOUNT,
      isPlatformAdmin: me.is_gpx_admin,
      isImitating,
    }),
    isImitating,
  };
}
