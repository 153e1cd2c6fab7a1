import { useEffect, useMemo } from 'react';
import {
  FleetMap,
  GeofencesLayer,
  MapCamera,
  SINGLE_POINT_ZOOM,
  useFleetMap,
  type MapGeofence,
} from '../../../map';
import { geofencePoints } from '../../geofences/shapeBounds';

/** A picked address the camera goes to; a new key flies again. */
export interface MapFocus {
  key: string;
  lat: number;
  lng: number;
}

/** Flies to each new focus at street level (spec 001 §9: zoom 15 for an address). */
function FlyToFocus({ focus }: { focus: MapFocus | null }) {
  const { map } = useFleetMap();
  useEffect(() => {
    if (!focus) return;
    map.flyTo({ center: [focus.lng, focus.lat], zoom: SINGLE_POINT_ZOOM });
  }, [map, focus]);
  return null;
}

/**
 * The form's map preview: the chosen geofences and addresses (an address as the circle the
 * shipment arrives in), framed when a geofence is chosen, flying to a picked address.
 */
export function ShipmentPlacesMap({
  places,
  focus,
}: {
  places: readonly MapGeofence[];
  focus: MapFocus | null;
}) {
  // Framed again only when the chosen geofences change; addresses fly instead.
  const fenced = useMemo(() => places.filter((p) => p.id > 0), [places]);
  const points = useMemo(() => fenced.flatMap(geofencePoints), [fenced]);
  const fitKey = `shipment-form-${fenced.map((p) => p.id).join('-')}`;
  return (
    <FleetMap mode="single" aria-label="Locations map" legend={false}>
      <GeofencesLayer geofences={places} markSmall />
      <MapCamera points={points} fitKey={fitKey} />
      <FlyToFocus focus={focus} />
    </FleetMap>
  );
}
