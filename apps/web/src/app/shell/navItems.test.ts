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
