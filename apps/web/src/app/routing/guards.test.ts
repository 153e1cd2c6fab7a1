import { describe, expect, it } from 'vitest';
import { account, me } from '../../test/fixtures';
import { sessionView } from '../session/currentAccount';
import { guardRedirect, refusedPermission } from './guards';
import { homePathOf, homeTarget, loginPathFor, safeNext } from './nextPath';

const view = (overrides: Parameters<typeof account>[0] = {}, isAdmin = false) =>
  sessionView(me({ accounts: [account(overrides)], is_gpx_admin: isAdmin }), 1, false);

describe('next path', () => {
  it('keeps only same-site paths containing letters', () => {
    expect(safeNext('/trackers/12')).toBe('/trackers/12');
    expect(safeNext('/12/34')).toBeNull();
    expect(safeNext('//evil.example/x')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext('/login?next=/x')).toBeNull();
  });

  it('builds the login address and the home target', () => {
    expect(loginPathFor('/manage/users?page=2')).toBe('/login?next=%2Fmanage%2Fusers%3Fpage%3D2');
    expect(loginPathFor('/')).toBe('/login');
    expect(homeTarget('?next=%2Faccount')).toBe('/account');
    expect(homeTarget('')).toBe('/trackers');
    expect(homeTarget('', '/admin/accounts')).toBe('/admin/accounts');
  });

  it('sends a platform admin with no account open home to the accounts list', () => {
    const root = sessionView(me({ accounts: [], is_gpx_admin: true }), null, false);
    expect(homePathOf(root)).toBe('/admin/accounts');
    expect(homePathOf(view())).toBe('/trackers');
    expect(guardRedirect({ can: ['manage', 'Account'] }, root, '/manage')).toBe('/admin/accounts');
  });
});

describe('guardRedirect', () => {
  it('sends a logged-out user to login with next, but not from public pages', () => {
    expect(guardRedirect({}, null, '/account')).toBe('/login?next=%2Faccount');
    expect(guardRedirect({ public: true }, null, '/forgot')).toBeNull();
  });

  it('redirects to the tracker list when an account flag is off', () => {
    const guard = { flag: 'hasRulesEngine' } as const;
    expect(guardRedirect(guard, view({ has_rules_engine: false }), '/rules')).toBe('/trackers');
    expect(guardRedirect(guard, view({ has_rules_engine: true }), '/rules')).toBeNull();
  });

  it('guards /manage with manage Account, which only admins have', () => {
    const guard = { can: ['manage', 'Account'] } as const;
    expect(guardRedirect(guard, view({ role: 'admin' }), '/manage')).toBeNull();
    expect(guardRedirect(guard, view({ role: 'manager' }), '/manage')).toBe('/trackers');
  });

  it('uses the route-specific fallback (rule edit goes back to the rules list)', () => {
    const guard = {
      flag: 'hasRulesEngine',
      can: ['manage', 'Rules'],
      otherwise: '/rules',
    } as const;
    const viewer = view({ role: 'viewer', has_rules_engine: true });
    expect(guardRedirect(guard, viewer, '/rules/create')).toBe('/rules');
  });

  it('lets only platform admins into admin screens', () => {
    const guard = { platformAdmin: true };
    expect(guardRedirect(guard, view({}, false), '/utility')).toBe('/trackers');
    expect(guardRedirect(guard, view({}, true), '/utility')).toBeNull();
  });

  it('keeps groups to B2B accounts', () => {
    const guard = { flag: 'isB2B' } as const;
    expect(guardRedirect(guard, view({ is_b2b_account: false }), '/groups')).toBe('/trackers');
  });
});

describe('refusedPermission', () => {
  it('is true only for a signed-in user the ability refuses, not for a flag or a login', () => {
    const create = { flag: 'canTrackShipments', can: ['manage', 'Shipments'] } as const;
    const viewer = view({ role: 'viewer', can_track_shipments: true });
    expect(refusedPermission(create, viewer)).toBe(true);
    expect(refusedPermission(create, view({ role: 'user', can_track_shipments: true }))).toBe(
      false,
    );
    expect(
      refusedPermission({ flag: 'canTrackShipments' }, view({ can_track_shipments: false })),
    ).toBe(false);
    expect(refusedPermission(create, null)).toBe(false);
  });
});
