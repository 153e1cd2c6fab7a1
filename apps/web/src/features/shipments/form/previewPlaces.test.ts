import { describe, expect, it } from 'vitest';
import { ADDRESS_ARRIVAL_RADIUS_M, type Shipment } from '@waymark/domain';
import { placeLabel, previewPlaces } from './previewPlaces';
import { emptySide } from './shipmentForm';

const depot = {
  id: 4,
  name: 'Chicago Depot',
  lat: 41.88,
  lng: -87.63,
  radius: 1.5,
  is_irregular: false,
  geo_json: null,
};

describe('the form map', () => {
  it('draws a chosen geofence and a picked address as the circle the shipment arrives in', () => {
    const places = previewPlaces(
      {
        from: { ...emptySide, geofenceId: 4 },
        to: {
          ...emptySide,
          useAddress: true,
          address: { label: 'Springfield, IL, US', lat: 39.8, lng: -89.65 },
          addressText: 'Springfield, IL, US',
          geofenceId: 4,
        },
      },
      [depot],
    );
    expect(places).toEqual([
      depot,
      {
        id: -2,
        name: 'End: Springfield, IL, US',
        lat: 39.8,
        lng: -89.65,
        radius: ADDRESS_ARRIVAL_RADIUS_M / 1000,
        is_irregular: false,
        geo_json: null,
      },
    ]);
  });

  it('draws nothing for a side not chosen yet, or an address typed but not picked', () => {
    const typed = { ...emptySide, useAddress: true, addressText: 'Spring' };
    expect(previewPlaces({ from: emptySide, to: typed }, [depot])).toEqual([]);
  });
});

describe('the read-only places of the edit page', () => {
  it('name a geofence with its address, or the custom address', () => {
    const shipment = {
      from_geofence: { ...depot, address: 'Chicago, IL, US' },
      from_address: null,
      to_geofence: null,
      to_address: { name: 'Dock 4', lat: 1, lng: 2 },
    } as unknown as Shipment;
    expect(placeLabel(shipment, 'from')).toBe('Chicago Depot (Chicago, IL, US)');
    expect(placeLabel(shipment, 'to')).toBe('Dock 4');
  });
});
