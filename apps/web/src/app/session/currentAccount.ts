import {
  accountFeatures,
  defineAbilityFor,
  type Account,
  type AccountFeatures,
  type AppAbility,
  type Me,
  type Role,
} from '@waymark/domain';

/** The stored account when the user still belongs to it, else their first account. */
export function chooseAccount(me: Pick<Me, 'accounts'>, storedId: number | null): Account | null {
  return me.accounts.find((a) => a.id === storedId) ?? me.accounts[0] ?? null;
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

/** Everything permission-related a screen reads, derived in one place from GET /me. */
export function sessionView(me: Me, storedId: number | null, imitationToken: boolean): SessionView {
  const account = chooseAccount(me, storedId);
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
