import { useMemo } from 'react';
import {
  FIT_MAX_ZOOM,
  FleetMap,
  GeofencesLayer,
  MapCamera,
  SHAPE_MAX_ZOOM,
  type MapGeofence,
} from '../../map';
import { geofencePoints } from './shapeBounds';

/**
 * Geofences on the shared map, framed (one geofence close up, several as a group), each drawn
 * as a marker while too small to see; loaded lazily with MapLibre.
 */
export function GeofencesMap({
  geofences,
  fitKey,
  label,
}: {
  geofences: readonly MapGeofence[];
  fitKey: string;
  label: string;
}) {
  const points = useMemo(() => geofences.flatMap(geofencePoints), [geofences]);
  const single = geofences.length === 1;
  return (
    <FleetMap mode={single ? 'single' : 'cluster'} aria-label={label}>
      <GeofencesLayer geofences={geofences} markSmall />
      <MapCamera points={points} fitKey={fitKey} maxZoom={single ? SHAPE_MAX_ZOOM : FIT_MAX_ZOOM} />
    </FleetMap>
  );
}
