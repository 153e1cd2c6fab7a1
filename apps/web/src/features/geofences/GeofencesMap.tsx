import { useMemo } from 'react';
import { FleetMap, GeofencesLayer, type MapGeofence } from '../../map';
import { FitCamera } from './FitCamera';
import { geofencePoints } from './shapeBounds';

/** Geofences on the shared map, the camera fitted to them; loaded lazily with MapLibre. */
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
  return (
    <FleetMap mode={geofences.length === 1 ? 'single' : 'cluster'} aria-label={label}>
      <GeofencesLayer geofences={geofences} />
      <FitCamera points={points} fitKey={fitKey} maxZoom={geofences.length === 1 ? 16 : 12} />
    </FleetMap>
  );
}
