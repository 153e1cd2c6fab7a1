import { describe, expect, it } from 'vitest';
import { account, me } from '../../test/fixtures';
import { sessionView } from '../session/currentAccount';
import { NAV_ITEMS, visibleNavItems } from './navItems';

const built = new Set(['/trackers', '/manage', '/shipments']);
const isBuilt = (path: string) => built.has(path);
const labels = (role: 'admin' | 'manager' | 'user', mobile: boolean, flags = {}) =>
  visibleNavItems(
    NAV_ITEMS,
    sessionView(me({ accounts: [account({ role, ...flags })] }), 1, false),
    { mobile, isBuilt },
  ).map((i) => i.label);

describe('top navigation', () => {
  it('shows only built screens, in the spec order, with Get Help last', () => {
    expect(labels('admin', false)).toEqual(['Trackers', 'Manage', 'Get Help']);
  });

  it('hides Manage from roles without manage Account', () => {
    expect(labels('user', false)).toEqual(['Trackers', 'Get Help']);
  });

  it('needs the shipments flag and, on desktop only, manage Shipments', () => {
    expect(labels('user', false)).not.toContain('Shipments');
    expect(labels('user', false, { can_track_shipments: true })).toContain('Shipments');
  });
});

describe('top navigation of a platform admin', () => {
  const root = (accounts: ReturnType<typeof account>[]) =>
    sessionView(me({ accounts, is_gpx_admin: true }), 1, false);
  const context = {
    mobile: false,
    isBuilt: (path: string) => path === '/trackers' || path === '/admin/accounts',
    worksWithoutAccount: (path: string) => path === '/admin/accounts',
  };

  it('shows Accounts, and with no account open nothing that needs one', () => {
    const shown = (view: ReturnType<typeof root>) =>
      visibleNavItems(NAV_ITEMS, view, context).map((i) => i.label);
    expect(shown(root([]))).toEqual(['Accounts', 'Get Help']);
    expect(shown(root([account({ role: 'viewer' })]))).toEqual([
      'Trackers',
      'Accounts',
      'Get Help',
    ]);
  });

  it('hides Accounts from everyone else', () => {
    const admin = sessionView(me({ accounts: [account({ role: 'admin' })] }), 1, false);
    expect(visibleNavItems(NAV_ITEMS, admin, context).map((i) => i.label)).toEqual([
      'Trackers',
      'Get Help',
    ]);
  });
});
