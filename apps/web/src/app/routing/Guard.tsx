import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/useSession';
import { guardRedirect, type RouteGuard } from './guards';

/** Lets the user into the child routes or sends them where the guard says. */
export function Guard({ guard }: { guard: RouteGuard }) {
  const view = useSession();
  const location = useLocation();
  const redirect = guardRedirect(guard, view, location.pathname + location.search);
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
