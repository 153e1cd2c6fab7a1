import { shipmentHex } from '../colours';
import type { MapShipment } from '../types';

/** What each shipment marker carries: its id (clicks) and its status colour (paint). */
export interface ShipmentFeatureProps {
  id: number;
  colour: string;
}

/** The shipments as GeoJSON points for the clustered source, coloured by status (spec 001 §4). */
export function shipmentFeatures(
  shipments: readonly MapShipment[],
): GeoJSON.FeatureCollection<GeoJSON.Point, ShipmentFeatureProps> {
  return {
    type: 'FeatureCollection',
    features: shipments.map((s) => ({
      type: 'Feature',
      id: s.id,
      geometry: { type: 'Point', coordinates: [s.lng, s.lat] },
      properties: { id: s.id, colour: shipmentHex(s.status) },
    })),
  };
}
