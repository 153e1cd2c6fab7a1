import { useMemo } from 'react';
import type { Account, AppAbility } from '@waymark/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchMe, ME_KEY } from '../../api/auth';
import { session } from '../../api/session';
import { sessionView, type SessionView } from './currentAccount';

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
  const view = useMemo(
    () => (me.data && hasToken ? sessionView(me.data, storedId, imitating) : null),
    [me.data, hasToken, storedId, imitating],
  );
  return { view, loading: hasToken && me.isPending };
}

/** The signed-in session, or null when nobody is logged in. */
export function useSession(): SessionView | null {
  return useSessionState().view;
}

/** The account being used; null only for a platform admin without accounts. */
export function useCurrentAccount(): Account | null {
  return useSession()?.account ?? null;
}

export function useAbility(): AppAbility | null {
  return useSession()?.ability ?? null;
}
