import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/useSession';
import { homePathOf, homeTarget } from './nextPath';

/** The login page: someone already logged in goes on to `next` or their home. */
export function GuestOnly() {
  const view = useSession();
  const { search } = useLocation();
  return view ? <Navigate to={homeTarget(search, homePathOf(view))} replace /> : <Outlet />;
}
