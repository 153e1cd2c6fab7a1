import { FleetMap, TrackersLayer, type MapTracker } from '../../../map';
import { useAbility, useCurrentAccount } from '../../../app/session/useSession';
import { AccountGeofencesLayer } from '../../geofences/AccountGeofencesLayer';

/** The list screen's map: every filtered tracker, clustered, over the account's geofences. Loaded lazily with MapLibre. */
export function TrackersMap({
  trackers,
  selectedId,
  onSelect,
}: {
  trackers: readonly MapTracker[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}) {
  const accountId = useCurrentAccount()?.id ?? null;
  const canManageGeofences = useAbility()?.can('manage', 'Geofences') ?? false;
  return (
    <FleetMap mode="cluster" aria-label="Trackers map">
      <AccountGeofencesLayer accountId={accountId} />
      <TrackersLayer
        trackers={trackers}
        selectedId={selectedId}
        onSelect={onSelect}
        popupAccess={{ accountId, canManageGeofences }}
      />
    </FleetMap>
  );
}
