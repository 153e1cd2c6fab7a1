import { describe, expect, it } from 'vitest';
import { account, me } from '../../test/fixtures';
import { chooseAccount, sessionView } from './currentAccount';

describe('session view', () => {
  const accounts = [
    account({ id: 1, role: 'user' }),
    account({ id: 2, role: 'admin', title: 'Home' }),
  ];

  it('uses the stored account while the user belongs to it, else the first', () => {
    expect(chooseAccount({ accounts }, 2)?.title).toBe('Home');
    expect(chooseAccount({ accounts }, 99)?.id).toBe(1);
    expect(chooseAccount({ accounts: [] }, 1)).toBeNull();
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
