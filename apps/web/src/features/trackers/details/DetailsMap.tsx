import { useMemo, useState } from 'react';
import { Box } from '@mantine/core';
import type { ApiPosition, ApiStop, DeviceDetails } from '@waymark/domain';
import {
  AccuracyLayer,
  FleetMap,
  MapCamera,
  StopsLayer,
  TrackersLayer,
  TrailLayer,
} from '../../../map';
import { useAbility } from '../../../app/session/useSession';
import { AccountGeofencesLayer } from '../../geofences/AccountGeofencesLayer';

interface DetailsMapProps {
  tracker: DeviceDetails;
  /** Position history of the chosen range, oldest first. */
  positions: readonly ApiPosition[];
  stops: readonly ApiStop[];
}

/**
 * The shared map in single mode: the tracker's current position, the trail and stops of the
 * chosen range, the accuracy circles of its cell and wifi fixes, and the account's geofences.
 */
export function DetailsMap({ tracker, positions, stops }: DetailsMapProps) {
  // The popup of the tracker starts open; closing it is the user's choice.
  const [selected, setSelected] = useState<number | null>(tracker.id);
  const canManageGeofences = useAbility()?.can('manage', 'Geofences') ?? false;
  const current = tracker.current_position;
  const accuracy = useMemo(
    () => (current ? [...positions, current] : positions),
    [positions, current],
  );
  const points = useMemo(() => {
    const all: [number, number][] = positions.map((p) => [p.lng, p.lat]);
    if (current) all.push([current.lng, current.lat]);
    return all;
  }, [positions, current]);
  // The camera fits once per tracker and once per loaded range, not on every refresh.
  const fitKey = `${tracker.id}:${positions[0]?.timestamp ?? ''}:${positions.length > 0}`;

  return (
    <Box h={{ base: 360, md: 'calc(100vh - 220px)' }} mih={360} pos="relative">
      <FleetMap mode="single" aria-label="Tracker map">
        <AccountGeofencesLayer accountId={tracker.account_id} />
        <AccuracyLayer positions={accuracy} />
        <TrailLayer points={positions} />
        <StopsLayer stops={stops} />
        <TrackersLayer
          trackers={[tracker]}
          selectedId={selected}
          onSelect={setSelected}
          popupAccess={{ accountId: tracker.account_id, canManageGeofences }}
        />
        <MapCamera points={points} fitKey={fitKey} />
      </FleetMap>
    </Box>
  );
}
