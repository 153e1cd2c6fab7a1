import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from '../toast';
import { useSession } from '../session/useSession';
import { guardRedirect, NO_PERMISSION_MESSAGE, refusedPermission, type RouteGuard } from './guards';

/**
 * Lets the user into the child routes or sends them where the guard says; one refused for a
 * permission is told so by an error toast.
 */
export function Guard({ guard }: { guard: RouteGuard }) {
  const view = useSession();
  const location = useLocation();
  const redirect = guardRedirect(guard, view, location.pathname + location.search);
  const refused = redirect !== null && refusedPermission(guard, view);
  useEffect(() => {
    if (refused) toast.error(NO_PERMISSION_MESSAGE);
  }, [refused]);
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
