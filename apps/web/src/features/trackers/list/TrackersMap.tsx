import { useMemo, useState, type ReactNode } from 'react';
import { FleetMap, MapCamera, TrackersLayer, type MapTracker } from '../../../map';
import { useAbility, useCurrentAccount } from '../../../app/session/useSession';
import { AccountGeofencesLayer } from '../../geofences/AccountGeofencesLayer';

/**
 * A map of trackers, clustered, over the account's geofences; loaded lazily with MapLibre.
 * Its first view frames every tracker it is given (issue 35.28: the spec's initial view over
 * the USA showed 4 of 60), once per account; a map of one object (a group) passes `frameKey`
 * and is framed to its trackers once per key.
 */
export function TrackersMap({
  trackers,
  selectedId,
  onSelect,
  frameKey,
  children,
}: {
  trackers: readonly MapTracker[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  frameKey?: string | number;
  /** More layers of the screen (Scout's, on the trackers screen). */
  children?: ReactNode;
}) {
  const accountId = useCurrentAccount()?.id ?? null;
  const canManageGeofences = useAbility()?.can('manage', 'Geofences') ?? false;
  // A map opened by 'Show on map' (phones show the list or the map) goes to that tracker.
  const [selectedAtOpen] = useState(selectedId);
  const points = useMemo(
    () =>
      trackers.flatMap((t): [number, number][] =>
        t.current_position ? [[t.current_position.lng, t.current_position.lat]] : [],
      ),
    [trackers],
  );
  return (
    <FleetMap mode="cluster" aria-label="Trackers map">
      <AccountGeofencesLayer accountId={accountId} />
      <TrackersLayer
        trackers={trackers}
        selectedId={selectedId}
        onSelect={onSelect}
        popupAccess={{ accountId, canManageGeofences }}
      />
      {selectedAtOpen === null && (
        <MapCamera points={points} fitKey={frameKey ?? `fleet-${accountId ?? ''}`} />
      )}
      {children}
    </FleetMap>
  );
}
