import { Outlet } from 'react-router';
import { NoAccountPage } from '../../features/admin/NoAccountPage';
import { useSession } from '../session/useSession';

/**
 * Screens of an account. A platform admin may have none open; the screen then says so and
 * points to the accounts list, instead of waiting for an account that never comes.
 */
export function RequireAccount() {
  const view = useSession();
  return view?.account ? <Outlet /> : <NoAccountPage />;
}
