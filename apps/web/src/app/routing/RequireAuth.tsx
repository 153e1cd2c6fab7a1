import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { logout } from '../session/endSession';
import { useSessionState } from '../session/useSession';
import { loginPathFor } from './nextPath';

/** Every private screen: logged-out users go to login with the wanted path as `next`. */
export function RequireAuth() {
  const { view, loading } = useSessionState();
  const location = useLocation();
  // Spec 002 §2.2: a user with no accounts who is not a platform admin is logged out.
  const orphan = view !== null && view.account === null && !view.me.is_gpx_admin;

  useEffect(() => {
    if (orphan) void logout();
  }, [orphan]);

  if (loading || orphan) return <FullPageLoader />;
  if (!view) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <Outlet />;
}
