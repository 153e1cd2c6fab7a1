import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/useSession';
import { homeTarget } from './nextPath';

/** The login page: someone already logged in goes on to `next` or the tracker list. */
export function GuestOnly() {
  const view = useSession();
  const { search } = useLocation();
  return view ? <Navigate to={homeTarget(search)} replace /> : <Outlet />;
}
