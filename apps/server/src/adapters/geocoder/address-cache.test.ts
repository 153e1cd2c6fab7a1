import { describe, expect, it } from 'vitest';
import { AddressCache } from './address-cache';
import type { Geocoder } from './geocoder';

function countingGeocoder(answer: (lat: number) => Promise<string | null>) {
  const calls: number[] = [];
  const geocoder: Geocoder = {
    cellDegrees: 0.01,
    reverse: (lat) => {
      calls.push(lat);
      return answer(lat);
    },
    search: async () => [],
  };
  return { geocoder, calls };
}

describe('AddressCache', () => {
  it('looks up each cell once and gives every point in it the address', async () => {
    const { geocoder, calls } = countingGeocoder(async (lat) => `Near ${lat.toFixed(2)}`);
    const cache = new AddressCache(geocoder);
    const points = [
      { lat: 41.001, lng: -87.001, address: null as string | null },
      { lat: 41.002, lng: -87.002, address: null as string | null },
      { lat: 42.5, lng: -87, address: null as string | null },
    ];
    await cache.fill(points);
    expect(points.map((p) => p.address)).toEqual(['Near 41.00', 'Near 41.00', 'Near 42.50']);
    expect(calls).toHaveLength(2);
    expect(await cache.lookup(41.0015, -87.0015)).toBe('Near 41.00');
    expect(calls).toHaveLength(2);
  });

  it('remembers "no address" but asks again after a geocoder failure', async () => {
    let fail = true;
    const { geocoder, calls } = countingGeocoder(async () => {
      if (fail) throw new Error('unreachable');
      return 'Near Springfield, IL, US';
    });
    const cache = new AddressCache(geocoder);
    expect(await cache.lookup(39.78, -89.65)).toBeNull();
    fail = false;
    expect(await cache.lookup(39.78, -89.65)).toBe('Near Springfield, IL, US');
    expect(calls).toHaveLength(2);

    const ocean = countingGeocoder(async () => null);
    const oceanCache = new AddressCache(ocean.geocoder);
    await oceanCache.lookup(-30, -140);
    await oceanCache.lookup(-30, -140);
    expect(ocean.calls).toHaveLength(1);
  });
});
