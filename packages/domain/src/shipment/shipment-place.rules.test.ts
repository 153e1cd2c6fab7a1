import { describe, expect, it } from 'vitest';
import {
  ADDRESS_ARRIVAL_RADIUS_M,
  distanceToPlace,
  isInsidePlace,
  isPreciseFix,
  placeOfAddress,
  placeOfGeofence,
  placeTarget,
} from './shipment-place.rules';

// A 0.02° square yard with a 0.01° square hole (a building) in its middle.
const square = (lat: number, lng: number, size: number): [number, number][] => [
  [lng, lat],
  [lng + size, lat],
  [lng + size, lat + size],
  [lng, lat + size],
  [lng, lat],
];
const yard = placeOfGeofence({
  lat: 0,
  lng: 0,
  radius: 0.1,
  is_irregular: true,
  geo_json: {
    type: 'Polygon',
    coordinates: [square(41, -88, 0.02), square(41.005, -87.995, 0.01)],
  },
});

describe('shipment places', () => {
  it('reads a circle geofence in kilometres and an address as a 500 m circle', () => {
    const depot = placeOfGeofence({
      lat: 41.88,
      lng: -87.63,
      radius: 1.5,
      is_irregular: false,
      geo_json: null,
    });
    expect(depot).toEqual({ kind: 'circle', lat: 41.88, lng: -87.63, radiusM: 1500 });
    expect(isInsidePlace(depot, 41.88 + 0.013, -87.63)).toBe(true); // 1.45 km north
    expect(isInsidePlace(depot, 41.88 + 0.014, -87.63)).toBe(false); // 1.56 km north
    const address = placeOfAddress({ lat: 41.88, lng: -87.63 });
    expect(address).toMatchObject({ kind: 'circle', radiusM: ADDRESS_ARRIVAL_RADIUS_M });
    expect(isInsidePlace(address, 41.884, -87.63)).toBe(true); // 445 m
    expect(isInsidePlace(address, 41.885, -87.63)).toBe(false); // 556 m
  });

  it('tests a polygon with its hole, and a MultiPolygon or a Feature', () => {
    expect(isInsidePlace(yard, 41.002, -87.998)).toBe(true);
    expect(isInsidePlace(yard, 41.01, -87.99)).toBe(false); // in the hole
    expect(isInsidePlace(yard, 41.03, -87.99)).toBe(false);
    const multi = placeOfGeofence({
      lat: 0,
      lng: 0,
      radius: 0.1,
      is_irregular: true,
      geo_json: {
        type: 'Feature',
        geometry: { type: 'MultiPolygon', coordinates: [[square(0, 0, 1)], [square(10, 10, 1)]] },
      },
    });
    expect(isInsidePlace(multi, 10.5, 10.5)).toBe(true);
    expect(isInsidePlace(multi, 5, 5)).toBe(false);
  });

  it('falls back to the circle when a polygon geofence has no polygon', () => {
    const broken = placeOfGeofence({
      lat: 1,
      lng: 2,
      radius: 0.2,
      is_irregular: true,
      geo_json: null,
    });
    expect(broken).toEqual({ kind: 'circle', lat: 1, lng: 2, radiusM: 200 });
  });

  it('measures the distance still to go to the edge, 0 inside', () => {
    const depot = { kind: 'circle' as const, lat: 41.88, lng: -87.63, radiusM: 1000 };
    expect(distanceToPlace(depot, 41.88, -87.63)).toBe(0);
    expect(distanceToPlace(depot, 41.98, -87.63)).toBeCloseTo(11_120 - 1000, -2);
    expect(distanceToPlace(yard, 41.002, -87.998)).toBe(0);
    // 0.01° south of the yard's south edge: 1.11 km.
    expect(distanceToPlace(yard, 40.99, -87.99)).toBeCloseTo(1112, -1);
  });

  it('trusts fixes of known accuracy up to a kilometre, and those without one', () => {
    expect([isPreciseFix(5), isPreciseFix(1000), isPreciseFix(null), isPreciseFix(1500)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('sends a routing engine to the middle of the place', () => {
    expect(placeTarget(placeOfAddress({ lat: 41.9, lng: -87.6 }))).toEqual({
      lat: 41.9,
      lng: -87.6,
    });
    const middle = placeTarget(yard);
    expect(middle.lat).toBeCloseTo(41.01, 9);
    expect(middle.lng).toBeCloseTo(-87.99, 9);
  });
});
