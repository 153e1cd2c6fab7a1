import { describe, expect, it } from 'vitest';
import type { ApiPosition } from '@waymark/domain';
import { addressRows } from './reportView';

const at = (minute: number, address: string | null): ApiPosition => ({
  device_id: 1,
  location: [-97, 35],
  lat: 35,
  lng: -97,
  timestamp: new Date(Date.UTC(2026, 10, 28, 12, minute)).toISOString(),
  fix: 'gps',
  speed: 0,
  course: null,
  altitude: null,
  accuracy: 5,
  battery: null,
  temperature: null,
  humidity: null,
  odometer: null,
  address,
  is_inside_geofences: false,
});

describe('the Addresses list', () => {
  it('tells a run at one address once, at its first time, and skips positions without one', () => {
    const rows = addressRows([
      at(0, '1 Main St'),
      at(1, '1 Main St'),
      at(2, null),
      at(3, '  '),
      at(4, '9 Oak Ave'),
      at(5, '1 Main St'),
    ]);
    expect(rows).toEqual([
      { timestamp: '2026-11-28T12:00:00.000Z', address: '1 Main St' },
      { timestamp: '2026-11-28T12:04:00.000Z', address: '9 Oak Ave' },
      { timestamp: '2026-11-28T12:05:00.000Z', address: '1 Main St' },
    ]);
  });

  it('is empty when no position has an address', () => {
    expect(addressRows([at(0, null)])).toEqual([]);
    expect(addressRows([])).toEqual([]);
  });
});
