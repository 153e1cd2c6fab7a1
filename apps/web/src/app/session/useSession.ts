import { useMemo } from 'react';
import type { Account, AppAbility } from '@waymark/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchAdminAccount, openedAccountKey } from '../../api/admin';
import { fetchMe, ME_KEY } from '../../api/auth';
import { session } from '../../api/session';
import { needsOpenedAccount, sessionView, type SessionView } from './currentAccount';

export interface SessionState {
  view: SessionView | null;
  /** A token is stored but GET /me has not answered yet. */
  loading: boolean;
}

/** The signed-in session; start-up and login put GET /me in the cache before it is read. */
export function useSessionState(): SessionState {
  const hasToken = session.bearer() !== null;
  const me = useQuery({
    queryKey: ME_KEY,
    queryFn: fetchMe,
    enabled: hasToken,
    staleTime: Infinity,
  });
  const storedId = session.accountId();
  const imitating = session.isImitating();
  // Start-up put it in the cache already; this only asks again after the cache was cleared.
  const needsOpened = me.data !== undefined && needsOpenedAccount(me.data, storedId);
  const opened = useQuery({
    queryKey: openedAccountKey(storedId),
    queryFn: () => (storedId === null ? null : fetchAdminAccount(storedId).catch(() => null)),
    enabled: hasToken && needsOpened,
    staleTime: Infinity,
  });
  const openedAccount = opened.data ?? null;
  const view = useMemo(
    () => (me.data && hasToken ? sessionView(me.data, storedId, imitating, openedAccount) : null),
    [me.data, hasToken, storedId, imitating, openedAccount],
  );
  return { view, loading: hasToken && (me.isPending || (needsOpened && opened.isPending)) };
}

/** The signed-in session, or null when nobody is logged in. */
export function useSession(): SessionView | null {
  return useSessionState().view;
}

/** The account being used; null only for a platform admin who has not opened one. */
export function useCurrentAccount(): Account | null {
  return useSession()?.account ?? null;
}

export function useAbility(): AppAbility | null {
  return useSession()?.ability ?? null;
}
