import type { Account, Me } from '@waymark/domain';
import { openedAccountKey } from '../../api/admin';
import { ME_KEY } from '../../api/auth';
import { queryClient } from '../../api/queryClient';
import { session } from '../../api/session';
import { sessionView, type SessionView } from './currentAccount';

/**
 * The session as start-up left it in the cache (GET /me and an opened account), for code
 * outside React: the same view useSessionState() derives. Null before /me or when logged out.
 */
export function currentSessionView(): SessionView | null {
  const me = queryClient.getQueryData<Me>(ME_KEY);
  if (!me || session.bearer() === null) return null;
  const storedId = session.accountId();
  const opened =
    storedId === null
      ? null
      : (queryClient.getQueryData<Account>(openedAccountKey(storedId)) ?? null);
  return sessionView(me, storedId, session.isImitating(), opened);
}
