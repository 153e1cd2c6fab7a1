import { describe, expect, it } from 'vitest';
import type { Geofence } from '@waymark/domain';
import {
  emptyGeofenceForm,
  formFromGeofence,
  formFromQuery,
  parseArea,
  payloadOf,
  shownErrors,
  validateGeofence,
} from './geofenceForm';

const ring: [number, number][] = [
  [-97.1, 35.1],
  [-96.9, 35.1],
  [-96.9, 35.3],
  [-97.1, 35.1],
];

describe('formFromQuery', () => {
  it('prefills the address from label, lat and lng', () => {
    const form = formFromQuery(new URLSearchParams('label=Near%20Springfield&lat=39.8&lng=-89.6'));
    expect(form.address).toEqual({ label: 'Near Springfield', lat: 39.8, lng: -89.6 });
    expect(form.addressText).toBe('Near Springfield');
    expect(form.shape).toBeNull();
  });

  it('keeps the text but no point when lat or lng are missing or wrong', () => {
    const form = formFromQuery(new URLSearchParams('label=Somewhere&lat=95&lng=1'));
    expect(form.address).toBeNull();
    expect(form.addressText).toBe('Somewhere');
  });

  it('draws the polygon given as area', () => {
    const area = JSON.stringify({ type: 'Polygon', coordinates: [ring] });
    const form = formFromQuery(new URLSearchParams({ area }));
    expect(form.shape).toEqual({
      kind: 'polygon',
      polygon: { type: 'Polygon', coordinates: [ring] },
    });
  });
});

describe('parseArea', () => {
  it('reads a geometry, a feature or a bare ring, and nothing else', () => {
    const geometry = { type: 'Polygon', coordinates: [ring] };
    expect(parseArea(JSON.stringify(geometry))).toEqual(geometry);
    expect(parseArea(JSON.stringify({ type: 'Feature', geometry, properties: {} }))).toEqual(
      geometry,
    );
    expect(parseArea(JSON.stringify(ring))).toEqual(geometry);
    expect(parseArea('not json')).toBeNull();
    expect(parseArea(JSON.stringify({ type: 'Point', coordinates: [0, 0] }))).toBeNull();
    expect(parseArea(null)).toBeNull();
  });
});

describe('validateGeofence', () => {
  const filled = {
    ...emptyGeofenceForm,
    name: 'Depot',
    address: { label: 'Chicago, IL, US', lat: 41.88, lng: -87.63 },
    addressText: 'Chicago, IL, US',
    shape: { kind: 'circle' as const, lat: 41.88, lng: -87.63, radiusKm: 0.3 },
  };

  it('passes a complete form', () => {
    expect(validateGeofence(filled)).toEqual({});
  });

  it('shows the spec messages', () => {
    expect(
      validateGeofence({
        ...filled,
        name: '',
        addressText: 'Chica',
        allowable_dwell_days: '-1',
        max_assets: '501',
        email: 'x@',
        phone: '(312) 555-01',
        shape: null,
      }),
    ).toEqual({
      name: 'Name is required',
      address: 'lat and lng are required',
      allowable_dwell_days: 'cannot be less than 0',
      max_assets: 'cannot be greater than 500',
      email: 'not an email',
      phone: 'not valid phone',
      shape: 'Must draw geofence on the map to save',
    });
    expect(validateGeofence({ ...filled, address: null, addressText: '' }).address).toBe(
      'address is required',
    );
  });
});

describe('shownErrors', () => {
  const untouched = new Set<string>();

  it('shows nothing on a fresh form', () => {
    expect(shownErrors(emptyGeofenceForm, untouched, false)).toEqual({});
  });

  it('shows the message of a field the user has left, before any shape or Save', () => {
    expect(shownErrors(emptyGeofenceForm, new Set(['name']), false)).toEqual({
      name: 'Name is required',
    });
    expect(
      shownErrors({ ...emptyGeofenceForm, name: 'Depot' }, new Set(['name', 'email']), false),
    ).toEqual({});
  });

  it('shows every message once Save was tried', () => {
    const shown = shownErrors(emptyGeofenceForm, untouched, true);
    expect(shown).toMatchObject({
      name: 'Name is required',
      address: 'address is required',
      shape: 'Must draw geofence on the map to save',
    });
  });
});

describe('payloadOf and formFromGeofence', () => {
  it('sends a polygon with is_irregular 1 and reads it back', () => {
    const polygon: GeoJSON.Polygon = { type: 'Polygon', coordinates: [ring] };
    const payload = payloadOf({
      ...emptyGeofenceForm,
      name: 'Yard',
      addressText: 'Oklahoma City',
      address: { label: 'Oklahoma City', lat: 35.2, lng: -97 },
      is_alertable: true,
      shape: { kind: 'polygon', polygon },
    });
    expect(payload).toMatchObject({ is_irregular: 1, geo_json: polygon, is_alertable: 1 });

    const stored: Geofence = {
      id: 1,
      name: 'Yard',
      address: 'Oklahoma City',
      lat: 35.2,
      lng: -97,
      radius: 0.1,
      is_irregular: true,
      geo_json: { type: 'Polygon', coordinates: [ring] },
      allowable_dwell_days: 4,
      min_assets: null,
      max_assets: 9,
      full_name: null,
      email: null,
      phone: '+13125550100',
      company_name: null,
      notes: null,
      is_alertable: 1,
      devices_count: 0,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    const form = formFromGeofence(stored);
    expect(form).toMatchObject({
      allowable_dwell_days: '4',
      min_assets: '',
      phone: '(312) 555-0100',
      is_alertable: true,
      shape: { kind: 'polygon' },
    });
    expect(validateGeofence(form)).toEqual({});
  });
});
