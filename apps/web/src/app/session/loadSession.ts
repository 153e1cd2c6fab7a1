import type { Me } from '@waymark/domain';
import { settingEnabled } from '@waymark/domain';
import { createTemporaryToken, fetchMe, ME_KEY } from '../../api/auth';
import type { AppConfig } from '@waymark/domain';
import { fetchAdminAccount, openedAccountKey } from '../../api/admin';
import { queryClient } from '../../api/queryClient';
import { session } from '../../api/session';
import { brandRedirectBase } from '../branding';
import { safeNext } from '../routing/nextPath';
import { chooseAccount, needsOpenedAccount } from './currentAccount';

export type SessionOutcome =
  | { kind: 'ready'; me: Me }
  /** The account belongs to the other brand's app: leave for this address. */
  | { kind: 'leave'; url: string }
  /** No account and not a platform admin: must be logged out (spec 002 §2.2). */
  | { kind: 'no-account' };

/**
 * Fetches the current user for the stored account and decides what happens next; shared by
 * start-up and the login form. Errors propagate: callers send the user to /login.
 */
export async function loadSession(config: AppConfig, path: string): Promise<SessionOutcome> {
  const me = await fetchMe();
  const opened = await openedAccount(me);
  const account = chooseAccount(me, session.accountId(), opened);
  if (!account) {
    if (me.is_gpx_admin) return cache(me);
    return { kind: 'no-account' };
  }
  session.setAccountId(account.id);

  const base = brandRedirectBase(
    window.location.hostname,
    config,
    settingEnabled(account, 'uses_gpx_app'),
  );
  if (base) {
    const token = await createTemporaryToken();
    const next = safeNext(path);
    const query = new URLSearchParams({ temporary_token: token });
    if (next) query.set('next', next);
    return { kind: 'leave', url: `${base}/?${query.toString()}` };
  }
  return cache(me);
}

/**
 * The account a platform admin opened without belonging to it, read once here for the whole
 * session (useSessionState finds it in the cache). One that is gone is forgotten, so the admin
 * lands on their accounts list instead.
 */
async function openedAccount(me: Me) {
  const storedId = session.accountId();
  if (!needsOpenedAccount(me, storedId)) return null;
  const account = await fetchAdminAccount(storedId).catch(() => null);
  if (account) queryClient.setQueryData(openedAccountKey(storedId), account);
  else session.setAccountId(null);
  return account;
}

function cache(me: Me): SessionOutcome {
  queryClient.setQueryData(ME_KEY, me);
  return { kind: 'ready', me };
}
