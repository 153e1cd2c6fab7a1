import { useMemo } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useGeofence } from '../../api/geofences';
import { useCurrentAccount } from '../../app/session/useSession';
import { GeofenceForm } from './GeofenceForm';
import { formFromGeofence, formFromQuery } from './geofenceForm';
import { cameFromPlaces, detailsPath } from './navigation';

/** GeofenceCreateView (/geofences/create?label&lat&lng&area). */
export function GeofenceCreatePage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = useMemo(() => formFromQuery(params), [params]);
  if (accountId === null) return null;
  return (
    <GeofenceForm
      accountId={accountId}
      geofenceId={null}
      initial={initial}
      onSaved={(id) => void navigate(detailsPath(id), { replace: true })}
      onCancel={() => void navigate('/geofences')}
    />
  );
}

/**
 * GeofenceEditView (/geofences/{id}/edit). Opened other than from the details or the list,
 * it goes to the details instead (spec 002 §2.5).
 */
export function GeofenceEditPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const location = useLocation();
  const geofence = useGeofence(accountId, Number.isInteger(id) && id > 0 ? id : null);
  if (!cameFromPlaces(location.state)) return <Navigate to={detailsPath(id)} replace />;
  if (accountId === null || !geofence.data) {
    return (
      <Center h={200}>
        <Loader size="sm" aria-label="Loading geofence" />
      </Center>
    );
  }
  return (
    <GeofenceForm
      key={geofence.data.id}
      accountId={accountId}
      geofenceId={geofence.data.id}
      initial={formFromGeofence(geofence.data)}
      onSaved={(saved) => void navigate(detailsPath(saved), { replace: true })}
      onCancel={() => void navigate(detailsPath(id))}
    />
  );
}
