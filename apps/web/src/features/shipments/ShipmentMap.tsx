import { useMemo } from 'react';
import {
  SHIPMENT_MARKER_COLOURS,
  SHIPMENT_STATUS_LABELS,
  type ShipmentGeofence,
  type ShipmentPoint,
  type ShipmentStatus,
} from '@waymark/domain';
import {
  FleetMap,
  GeofencesLayer,
  MapCamera,
  PlannedRouteLayer,
  ShipmentMarkerLayer,
  TrailLayer,
  trailColumnsOf,
  type RouteStop,
} from '../../map';
import { trailPoint } from './details/shipmentView';

export interface ShipmentMapProps {
  name: string;
  status: ShipmentStatus;
  /** The start and end geofences (none on the public page). */
  geofences?: readonly ShipmentGeofence[];
  /** The planned route's ends (none on the public page). */
  from?: RouteStop | null;
  to?: RouteStop | null;
  path: readonly ShipmentPoint[];
  position: ShipmentPoint | null;
  /** [lng, lat] points to frame, once per fitKey (map/README.md, Framing). */
  frame: readonly [number, number][];
  fitKey: string;
  label: string;
}

const NO_GEOFENCES: readonly ShipmentGeofence[] = [];

/**
 * A shipment on the shared map: its start and end places, the planned route between them, the
 * path its tracker travelled and where it is now, in its status's colour (spec 001 §2, §4).
 * Loaded lazily with MapLibre.
 */
export function ShipmentMap({
  name,
  status,
  geofences = NO_GEOFENCES,
  from = null,
  to = null,
  path,
  position,
  frame,
  fitKey,
  label,
}: ShipmentMapProps) {
  const trail = useMemo(() => trailColumnsOf(path.map(trailPoint)), [path]);
  const marker = useMemo(() => (position ? trailPoint(position) : null), [position]);
  return (
    <FleetMap mode="single" aria-label={label}>
      {/* Marked while too small to see, so both ends show on a trip across states. */}
      {geofences.length > 0 && <GeofencesLayer geofences={geofences} markSmall />}
      {(from || to) && <PlannedRouteLayer from={from} to={to} />}
      <TrailLayer trail={trail} />
      <ShipmentMarkerLayer
        position={marker}
        colour={SHIPMENT_MARKER_COLOURS[status]}
        title={name}
        caption={SHIPMENT_STATUS_LABELS[status]}
      />
      <MapCamera points={frame} fitKey={fitKey} />
    </FleetMap>
  );
}
