import { useMemo } from 'react';
import { FleetMap, MapCamera, ShipmentsLayer, type MapShipment } from '../../../map';
import { shipmentDetailsPath } from '../navigation';

/**
 * The list's shipments on the shared map, clustered and coloured by status; loaded lazily with
 * MapLibre. Framed by the one framing rule once per `fitKey` (the tab and its filters), so a
 * refresh or auto-refresh leaves the user's camera alone.
 */
export function ShipmentsMap({
  shipments,
  fitKey,
}: {
  shipments: readonly MapShipment[];
  fitKey: string;
}) {
  const points = useMemo(() => shipments.map((s): [number, number] => [s.lng, s.lat]), [shipments]);
  return (
    <FleetMap mode="cluster" aria-label="Shipments map">
      <ShipmentsLayer shipments={shipments} detailsPath={shipmentDetailsPath} />
      <MapCamera points={points} fitKey={fitKey} />
    </FleetMap>
  );
}
