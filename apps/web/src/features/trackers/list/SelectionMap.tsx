import { TrackersMap } from './TrackersMap';
import { useSelectedTracker, type TrackerSelection } from './selection';
import type { MapTracker } from '../../../map';

/** The trackers screen's map, following the selection store (see selection.ts). */
export function SelectionMap({
  trackers,
  selection,
}: {
  trackers: readonly MapTracker[];
  selection: TrackerSelection;
}) {
  const selectedId = useSelectedTracker(selection);
  return <TrackersMap trackers={trackers} selectedId={selectedId} onSelect={selection.set} />;
}
