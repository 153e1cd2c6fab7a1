import { Navigate, useLocation, useParams } from 'react-router';
import { fillParams } from './legacyRedirects';
import { useSession } from '../session/useSession';
import { homePathOf, homeTarget } from './nextPath';

/**
 * `/`: to the `next` query value when present, else the tracker list (spec 002 §2.1), or the
 * accounts list for a platform admin with no account open.
 */
export function HomeRedirect() {
  const { search } = useLocation();
  const view = useSession();
  return <Navigate to={homeTarget(search, homePathOf(view))} replace />;
}

/** An old address: same screen at its current path, query kept. */
export function LegacyRedirect({ to }: { to: string }) {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={fillParams(to, params) + search} replace />;
}
