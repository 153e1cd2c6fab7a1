import { describe, expect, it } from 'vitest';
import { account, me } from '../../test/fixtures';
import { chooseAccount, sessionView } from './currentAccount';

describe('session view', () => {
  const accounts = [
    account({ id: 1, role: 'user' }),
    account({ id: 2, role: 'admin', title: 'Home' }),
  ];

  it('uses the stored account while the user belongs to it, else the first', () => {
    expect(chooseAccount({ accounts, is_gpx_admin: false }, 2)?.title).toBe('Home');
    expect(chooseAccount({ accounts, is_gpx_admin: false }, 99)?.id).toBe(1);
    expect(chooseAccount({ accounts: [], is_gpx_admin: false }, 1)).toBeNull();
  });

  it('lets only a platform admin use an account they opened without belonging to it', () => {
    const opened = account({ id: 7, role: 'viewer', title: 'Elsewhere' });
    const root = { accounts: [], is_gpx_admin: true };
    expect(chooseAccount(root, 7, opened)?.title).toBe('Elsewhere');
    expect(chooseAccount(root, 8, opened)).toBeNull();
    expect(chooseAccount({ accounts, is_gpx_admin: false }, 7, opened)?.id).toBe(1);
    expect(chooseAccount({ accounts, is_gpx_admin: true }, 2, opened)?.title).toBe('Home');
  });

  it('gives a platform admin in an opened account the abilities of a viewer', () => {
    const opened = account({ id: 7, role: 'viewer' });
    const view = sessionView(me({ accounts: [], is_gpx_admin: true }), 7, false, opened);
    expect(view.account?.id).toBe(7);
    expect(view.role).toBe('viewer');
    expect(view.ability.can('manage', 'Groups')).toBe(false);
    expect(view.ability.can('manage', 'AiModel')).toBe(true);
  });

  it('builds the ability from the role in the chosen account', () => {
    const user = me({ accounts });
    expect(sessionView(user, 1, false).ability.can('manage', 'Account')).toBe(false);
    expect(sessionView(user, 2, false).ability.can('manage', 'Account')).toBe(true);
  });

  it('counts an impersonation from the token or from /me', () => {
    expect(sessionView(me(), 1, true).isImitating).toBe(true);
    const imitated = me({ imitated_by: { id: 1, name: 'Root', email: 'root@demo.test' } });
    expect(sessionView(imitated, 1, false).isImitating).toBe(true);
    expect(sessionView(me(), 1, false).isImitating).toBe(false);
  });
});
