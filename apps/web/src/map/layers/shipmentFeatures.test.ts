import { describe, expect, it } from 'vitest';
import { MARKER_HEX } from '../colours';
import { shipmentFeatures } from './shipmentFeatures';

describe('shipment markers', () => {
  it('are points at the shipment, coloured by status (spec 001 §4)', () => {
    const { features } = shipmentFeatures([
      { id: 1, name: 'A', status: 'in-progress', lng: -87.6, lat: 41.9 },
      { id: 2, name: 'B', status: 'completed', lng: -96.8, lat: 32.8 },
      { id: 3, name: 'C', status: 'not-started', lng: -90, lat: 35 },
      { id: 4, name: 'D', status: 'running-late', lng: -90, lat: 36 },
      { id: 5, name: 'E', status: 'completed-late', lng: -90, lat: 37 },
    ]);
    expect(features[0]).toEqual({
      type: 'Feature',
      id: 1,
      geometry: { type: 'Point', coordinates: [-87.6, 41.9] },
      properties: { id: 1, colour: MARKER_HEX.blue },
    });
    expect(features.map((f) => f.properties.colour)).toEqual([
      MARKER_HEX.blue,
      MARKER_HEX.green,
      MARKER_HEX.gray,
      MARKER_HEX.red,
      MARKER_HEX.red,
    ]);
  });
});
