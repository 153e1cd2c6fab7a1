import { useMemo, useState, type ReactNode } from 'react';
import { Box, Switch } from '@mantine/core';
import type { ApiPosition, ApiStop, DeviceDetails, HistoryColumns } from '@waymark/domain';
import {
  AccuracyLayer,
  FilteredFixesLayer,
  FleetMap,
  FollowCamera,
  MapCamera,
  StopsLayer,
  TrackersLayer,
  TrailLayer,
} from '../../../map';
import { useLivePosition } from '../../../api/livePositions';
import type { AccuracyInput } from '../../../map/geometry';
import { useAbility } from '../../../app/session/useSession';
import { AccountGeofencesLayer } from '../../geofences/AccountGeofencesLayer';

interface DetailsMapProps {
  tracker: DeviceDetails;
  /** Position history of the chosen range as columns, oldest first. */
  history: HistoryColumns;
  /** Filtered fixes of the range the user asked to see, greyed (none otherwise). */
  filtered: readonly ApiPosition[];
  stops: readonly ApiStop[];
  /** The user's choice of range the positions belong to (useDetailsRange's historyChoice). */
  rangeChoice: number;
  /** False while `positions` are still the previous range's, shown until the new ones come. */
  rangeLoaded: boolean;
  /** More layers of the screen (the replay's marker). */
  children?: ReactNode;
}

/**
 * The fixes of the range that may draw an accuracy circle (cell and wifi ones) and the current
 * position: objects for the few, not for each of the range's fixes.
 */
function accuracyInputs(history: HistoryColumns, current: DeviceDetails['current_position']) {
  const inputs: AccuracyInput[] = [];
  const { fix } = history;
  for (let i = 0; i < fix.length; i++) {
    if (fix[i] !== 'cell' && fix[i] !== 'wifi') continue;
    inputs.push({
      lat: history.lat[i]!,
      lng: history.lng[i]!,
      fix: fix[i]!,
      accuracy: history.accuracy[i] ?? null,
    });
  }
  if (current) inputs.push(current);
  return inputs;
}

/**
 * The shared map in single mode: the tracker's current position, the trail and stops of the
 * chosen range, the accuracy circles of its cell and wifi fixes, and the account's geofences.
 */
export function DetailsMap({
  tracker,
  history,
  filtered,
  stops,
  rangeChoice,
  rangeLoaded,
  children,
}: DetailsMapProps) {
  // The popup of the tracker starts open; closing it is the user's choice.
  const [selected, setSelected] = useState<number | null>(tracker.id);
  const canManageGeofences = useAbility()?.can('manage', 'Geofences') ?? false;
  const current = tracker.current_position;
  // Follow mode keeps the tracker in view as live positions move it.
  const [follow, setFollow] = useState(false);
  const live = useLivePosition(tracker.id, current);
  const followed = useMemo(
    (): [number, number] | null => (follow && live ? [live.lng, live.lat] : null),
    [follow, live],
  );
  const accuracy = useMemo(() => accuracyInputs(history, current), [history, current]);
  // The camera frames the chosen range (its history, not today's position far from it), or the
  // current position when the range is empty; once per tracker and chosen range, when that
  // range has loaded: not on refreshes or live positions.
  const points = useMemo((): [number, number][] => {
    if (!rangeLoaded) return [];
    if (history.times.length > 0) return history.lng.map((lng, i) => [lng, history.lat[i]!]);
    return current ? [[current.lng, current.lat]] : [];
  }, [history, current, rangeLoaded]);
  const fitKey = `tracker-${tracker.id}-range-${rangeChoice}`;

  return (
    <>
      <Switch
        label="Follow"
        size="sm"
        checked={follow}
        onChange={(event) => setFollow(event.currentTarget.checked)}
      />
      <Box h={{ base: 360, md: 'calc(100vh - 320px)' }} mih={360} pos="relative">
        {/* The legend starts closed: open, it covered the tracker on this small map. */}
        <FleetMap mode="single" legend="collapsed" aria-label="Tracker map">
          <AccountGeofencesLayer accountId={tracker.account_id} />
          <AccuracyLayer positions={accuracy} />
          <TrailLayer trail={history} />
          <FilteredFixesLayer points={filtered} />
          <StopsLayer stops={stops} />
          <TrackersLayer
            trackers={[tracker]}
            selectedId={selected}
            onSelect={setSelected}
            popupAccess={{ accountId: tracker.account_id, canManageGeofences }}
          />
          <MapCamera points={points} fitKey={fitKey} />
          {follow && <FollowCamera point={followed} />}
          {children}
        </FleetMap>
      </Box>
    </>
  );
}
