import { FleetMap, TrackersLayer, type MapTracker } from '../../../map';

/** The list screen's map: every filtered tracker, clustered. Loaded lazily with MapLibre. */
export function TrackersMap({
  trackers,
  selectedId,
  onSelect,
}: {
  trackers: readonly MapTracker[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}) {
  return (
    <FleetMap mode="cluster" aria-label="Trackers map">
      <TrackersLayer trackers={trackers} selectedId={selectedId} onSelect={onSelect} />
    </FleetMap>
  );
}
