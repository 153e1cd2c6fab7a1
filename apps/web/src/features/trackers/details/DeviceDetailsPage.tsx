import { useLocation, useParams } from 'react-router';
import { useSession } from '../../../app/session/useSession';
import { NotFoundPage } from '../../errors/NotFoundPage';
import { backLinkFor } from './backLink';
import { DeviceDetailsView } from './DeviceDetailsView';

/** The admin variant is opened from the platform admin's list of every account's trackers. */
const ADMIN_BACK_LINK = { label: 'All Devices', to: '/admin/devices' };

const toId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * DeviceDetailsView, /trackers/{id}, and the platform-admin variant
 * /accounts/{accountId}/trackers/{id} (its route guard sends everyone else back). The admin
 * variant reads the account from the address; the plain one uses the current account.
 */
export function DeviceDetailsPage() {
  const params = useParams();
  const location = useLocation();
  const session = useSession();
  const deviceId = toId(params.id);
  const accountId = params.accountId ? toId(params.accountId) : (session?.account?.id ?? null);

  if (deviceId === null || accountId === null) return <NotFoundPage />;
  return (
    <DeviceDetailsView
      // A new tracker starts from a fresh screen: range, open editors, warnings.
      key={`${accountId}:${deviceId}`}
      accountId={accountId}
      deviceId={deviceId}
      back={params.accountId ? ADMIN_BACK_LINK : backLinkFor(location.state)}
    />
  );
}
