import { describe, expect, it } from 'vitest';
import type { ShipmentGeofence, ShipmentPoint } from '@waymark/domain';
import {
  backLinkOf,
  endField,
  framePoints,
  placeLabel,
  publicTrackUrl,
  routeEnd,
  trailPoint,
} from './shipmentView';

const depot: ShipmentGeofence = {
  id: 7,
  name: 'Chicago Depot',
  address: '1 Depot Rd',
  lat: 41.85,
  lng: -87.65,
  radius: 1,
  is_irregular: false,
  geo_json: null,
};
const yard: ShipmentGeofence = {
  ...depot,
  id: 8,
  name: 'Gary Yard',
  is_irregular: true,
  geo_json: {
    type: 'Polygon',
    coordinates: [
      [
        [-87.4, 41.6],
        [-87.3, 41.6],
        [-87.3, 41.7],
        [-87.4, 41.6],
      ],
    ],
  },
};
const point = (lng: number, lat: number): ShipmentPoint => ({
  location: [lng, lat],
  timestamp: '2025-03-05T15:04:00Z',
  speed: 12,
  fix: 'gps',
  address: 'I-94',
});

describe('end field', () => {
  it('shows the estimated end while the shipment is ongoing', () => {
    for (const status of ['not-started', 'in-progress', 'running-late'] as const) {
      expect(endField({ status, estimated_end_at: 'E', ended_at: null })).toEqual({
        label: 'Estimated End',
        at: 'E',
      });
    }
  });

  it('shows the actual end once it is over', () => {
    for (const status of ['completed', 'completed-late'] as const) {
      expect(endField({ status, estimated_end_at: 'E', ended_at: 'A' })).toEqual({
        label: 'Actual End',
        at: 'A',
      });
    }
  });
});

describe('back link', () => {
  it('goes to the tab the shipment is on', () => {
    expect(backLinkOf({ archived_at: null })).toEqual({ label: 'All Shipments', to: '/shipments' });
    expect(backLinkOf({ archived_at: '2025-03-01T00:00:00Z' }).to).toBe('/archived-shipments');
  });
});

describe('public link', () => {
  it('is the tracking page under the app origin', () => {
    expect(publicTrackUrl('https://app.example', 'a1-b2')).toBe(
      'https://app.example/shipments/track/a1-b2',
    );
  });
});

describe('places', () => {
  it('names a geofence with its link, or an address without one', () => {
    expect(placeLabel(depot, null)).toEqual({ name: 'Chicago Depot', href: '/geofences/7' });
    expect(placeLabel(null, { name: 'Dock 4' })).toEqual({ name: 'Dock 4', href: null });
    expect(placeLabel(undefined, null)).toBeNull();
  });

  it('puts a route end at the geofence centre or the address point', () => {
    expect(routeEnd(depot, null)).toEqual({
      lngLat: [-87.65, 41.85],
      name: 'Chicago Depot',
      point: false,
    });
    expect(routeEnd(null, { name: 'Dock 4', lat: 40, lng: -80 })).toEqual({
      lngLat: [-80, 40],
      name: 'Dock 4',
      point: true,
    });
    expect(routeEnd(null, null)).toBeNull();
  });
});

describe('map', () => {
  it('turns a path point into a trail point', () => {
    expect(trailPoint(point(-87, 41))).toEqual({
      lng: -87,
      lat: 41,
      timestamp: '2025-03-05T15:04:00Z',
      speed: 12,
      fix: 'gps',
      address: 'I-94',
    });
  });

  it('frames both places whole, the path and the current position', () => {
    const points = framePoints({
      from_geofence: depot,
      from_address: null,
      to_geofence: yard,
      to_address: null,
      path: [point(-87.6, 41.8)],
      current_position: point(-87.5, 41.7),
    });
    const lngs = points.map(([lng]) => lng);
    const lats = points.map(([, lat]) => lat);
    // The 1 km circle reaches past its centre on every side.
    expect(Math.min(...lngs)).toBeLessThan(-87.65);
    expect(Math.max(...lats)).toBeGreaterThan(41.85);
    expect(Math.max(...lngs)).toBe(-87.3);
    expect(points).toContainEqual([-87.6, 41.8]);
    expect(points).toContainEqual([-87.5, 41.7]);
  });

  it('frames addresses as points and leaves out what is missing', () => {
    expect(
      framePoints({
        from_geofence: null,
        from_address: { name: 'A', lat: 1, lng: 2 },
        to_geofence: undefined,
        to_address: { name: 'B', lat: 3, lng: 4 },
      }),
    ).toEqual([
      [2, 1],
      [4, 3],
    ]);
  });
});
