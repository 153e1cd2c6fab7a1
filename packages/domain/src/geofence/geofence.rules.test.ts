import { describe, expect, it } from 'vitest';
import { closeRings, polygonCentre } from './geofence.rules';
import { GEOFENCE_MESSAGES, geofenceStoreSchema, geofenceUpdateSchema } from './geofence.schema';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-88, 41],
      [-87, 41],
      [-87, 42],
      [-88, 42],
      [-88, 41],
    ] as [number, number][],
  ],
};

const valid = {
  name: 'Depot',
  address: { label: 'Chicago, IL, US', lat: 41.88, lng: -87.63 },
  is_irregular: 0,
  lat: 41.88,
  lng: -87.63,
  radius: 0.5,
};

const messagesOf = (input: unknown) => {
  const result = geofenceStoreSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('polygonCentre', () => {
  it('averages the corners, counting the closing corner once', () => {
    expect(polygonCentre(square)).toEqual({ lat: 41.5, lng: -87.5 });
  });
});

describe('closeRings', () => {
  it('repeats the first position at the end of an open ring', () => {
    const open = { type: 'Polygon' as const, coordinates: [square.coordinates[0]!.slice(0, 4)] };
    expect(closeRings(open)).toEqual(square);
  });
});

describe('geofenceStoreSchema', () => {
  it('accepts a circle with a picked place and stores is_alertable as a boolean', () => {
    const parsed = geofenceStoreSchema.parse({ ...valid, is_alertable: 1 });
    expect(parsed.is_alertable).toBe(true);
    expect(parsed.is_irregular).toBe(false);
  });

  it('names each field with the spec message', () => {
    expect(
      messagesOf({
        ...valid,
        name: ' ',
        allowable_dwell_days: -1,
        max_assets: 501,
        email: 'nope',
        phone: '(555) 555-555',
      }),
    ).toEqual({
      name: GEOFENCE_MESSAGES.nameRequired,
      allowable_dwell_days: 'cannot be less than 0',
      max_assets: 'cannot be greater than 500',
      email: 'not an email',
      phone: 'not valid phone',
    });
  });

  it('explains what is wrong with the address', () => {
    expect(messagesOf({ ...valid, address: undefined }).address).toBe('address is required');
    expect(messagesOf({ ...valid, address: { label: 5 } }).address).toBe('label is not a string');
    expect(messagesOf({ ...valid, address: { label: 'Chicago' } }).address).toBe(
      'lat and lng are required',
    );
    expect(messagesOf({ ...valid, address: 'Chicago' })).toEqual({});
  });

  it('needs a drawn shape', () => {
    expect(messagesOf({ ...valid, lat: null }).shape).toBe('Must draw geofence on the map to save');
    expect(messagesOf({ ...valid, is_irregular: 1 }).shape).toBe(
      'Must draw geofence on the map to save',
    );
    expect(messagesOf({ ...valid, is_irregular: 1, geo_json: square })).toEqual({});
  });

  it('lets an update send one field', () => {
    expect(geofenceUpdateSchema.parse({ min_assets: 3 })).toEqual({ min_assets: 3 });
    expect(geofenceUpdateSchema.safeParse({ min_assets: 600 }).success).toBe(false);
  });
});
