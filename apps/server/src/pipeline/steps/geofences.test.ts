import { describe, expect, it } from 'vitest';
import { AccountGeofenceIndex, type GeofenceShape } from '../../spatial/geofence-index';
import type { Position } from '../position';
import { initialState } from './motion';
import { applyGeofences } from './geofences';
import { eventsFor } from './events';
import { testPosition } from '../test-position';

const depot: GeofenceShape = {
  id: 1,
  accountId: 1,
  name: 'Chicago Depot',
  lat: 41.88,
  lng: -87.63,
  radius: 0.5,
  isIrregular: false,
  geoJson: null,
};
const yard: GeofenceShape = {
  id: 2,
  accountId: 1,
  name: 'Rail Yard',
  lat: 0,
  lng: 0,
  radius: 0,
  isIrregular: true,
  geoJson: {
    type: 'Polygon',
    coordinates: [
      [
        [-87.7, 41.8],
        [-87.6, 41.8],
        [-87.6, 41.9],
        [-87.7, 41.9],
        [-87.7, 41.8],
      ],
    ],
  },
};
const index = new AccountGeofenceIndex([depot, yard]);

const at = (lat: number, lng: number, over: Partial<Position> = {}) =>
  testPosition({ lat, lng, ...over });

describe('AccountGeofenceIndex', () => {
  it('tests circles by distance and polygons by containment', () => {
    expect(index.containing(41.881, -87.631)).toEqual([1, 2]);
    expect(index.containing(41.85, -87.65)).toEqual([2]);
    expect(index.containing(41.95, -87.63)).toEqual([]);
  });
});

describe('applyGeofences', () => {
  it('reports entering and exiting', () => {
    const outside = at(41.95, -87.63);
    let state = initialState(outside);
    const enter = applyGeofences(state, at(41.881, -87.631), index);
    expect(enter.transitions.map((t) => [t.kind, t.geofenceId])).toEqual([
      ['enter', 1],
      ['enter', 2],
    ]);
    state = { ...state, geofenceIds: enter.geofenceIds };
    const exit = applyGeofences(state, at(41.85, -87.65), index);
    expect(exit.transitions.map((t) => [t.kind, t.geofenceId])).toEqual([['exit', 1]]);
    expect(exit.geofenceIds).toEqual([2]);
  });

  it('keeps the previous answer for a coarse cell fix', () => {
    const state = { ...initialState(at(41.881, -87.631)), geofenceIds: [1, 2] };
    const result = applyGeofences(state, at(42.5, -88, { fix: 'cell', accuracy: 1500 }), index);
    expect(result).toEqual({ geofenceIds: [1, 2], transitions: [] });
  });
});

const prev = (battery: number | null, temperature: number | null = null) => ({
  battery,
  temperature,
  humidity: null,
});

describe('eventsFor', () => {
  const names = { device: 'Truck 9', geofence: (id: number) => index.name(id) };

  it('describes geofence events', () => {
    const position = at(41.881, -87.631);
    const { transitions } = applyGeofences(initialState(at(41.95, -87.63)), position, index);
    const events = eventsFor(position, prev(null), transitions, names);
    expect(events.map((e) => [e.eventType, e.description])).toEqual([
      ['geofence-enter', 'Truck 9 entered Chicago Depot'],
      ['geofence-enter', 'Truck 9 entered Rail Yard'],
    ]);
  });

  it('raises low battery once per crossing below 20 %', () => {
    const low = at(41.95, -87.63, { battery: 18 });
    expect(eventsFor(low, prev(25), [], names).map((e) => e.description)).toEqual([
      'Truck 9 battery is low (18%)',
    ]);
    expect(eventsFor(at(41.95, -87.63, { battery: 15 }), prev(18), [], names)).toEqual([]);
    expect(eventsFor(at(41.95, -87.63, { battery: 19 }), prev(40), [], names)).toHaveLength(1);
  });

  it('turns a tamper alarm into a tamper-alert', () => {
    const events = eventsFor(at(41.95, -87.63, { alarm: 'tamper' }), prev(null), [], names);
    expect(events.map((e) => e.eventType)).toEqual(['tamper-alert']);
  });

  it('raises an SLA breach once when the temperature leaves its bounds, in Fahrenheit', () => {
    const triggers = { minTemperature: 2, maxTemperature: 8, minHumidity: null, maxHumidity: 90 };
    const warm = at(41.95, -87.63, { temperature: 10 });
    expect(
      eventsFor(warm, prev(null, 5), [], names, triggers).map((e) => [e.eventType, e.description]),
    ).toEqual([['sla-breach', 'Truck 9 temperature 50.0°F is above the SLA maximum of 46.4°F']]);
    expect(eventsFor(warm, prev(null, 9), [], names, triggers)).toEqual([]);
    const humid = at(41.95, -87.63, { humidity: 95 });
    expect(eventsFor(humid, prev(null), [], names, triggers).map((e) => e.description)).toEqual([
      'Truck 9 humidity 95% is above the SLA maximum of 90%',
    ]);
  });
});
