import { TrackersMap } from './TrackersMap';
import { useSelectedTracker, type TrackerSelection } from './selection';
import type { MapTracker } from '../../../map';
import { ScoutMapLayer } from '../../scout/ScoutMapLayer';

/** The trackers screen's map, following the selection store (see selection.ts) and Scout. */
export function SelectionMap({
  trackers,
  selection,
}: {
  trackers: readonly MapTracker[];
  selection: TrackerSelection;
}) {
  const selectedId = useSelectedTracker(selection);
  return (
    <TrackersMap trackers={trackers} selectedId={selectedId} onSelect={selection.set}>
      <ScoutMapLayer />
    </TrackersMap>
  );
}
