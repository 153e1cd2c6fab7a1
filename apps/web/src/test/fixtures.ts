import type { Account, Me } from '@waymark/domain';

/** A realistic GET /me answer; tests override what they are about. */
export function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    title: 'Demo Logistics',
    is_b2b_account: true,
    has_api_access: false,
    has_rules_engine: false,
    can_track_shipments: false,
    role: 'admin',
    full_device_access: true,
    settings: [],
    ...overrides,
  };
}

export function me(overrides: Partial<Me> = {}): Me {
  const accounts = overrides.accounts ?? [account()];
  return {
    id: 7,
    name: 'Ada Admin',
    email: 'admin@demo.test',
    phone: null,
    timezone_id: 1,
    timezone: 'America/New_York',
    is_gpx_admin: false,
    imitated_by: null,
    account_roles: Object.fromEntries(accounts.map((a) => [String(a.id), a.role])),
    ...overrides,
    accounts,
  };
}
