import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES, type Shipment } from '@waymark/domain';
import {
  keepListed,
  placeName,
  shipmentPoint,
  statusesToRequest,
  toMapShipments,
} from './shipmentList';

const depot = (id: number, name: string, lat: number, lng: number) => ({
  id,
  name,
  address: null,
  lat,
  lng,
  radius: 0.5,
  is_irregular: false,
  geo_json: null,
});

/** A shipment as GET shipments answers it, from Chicago Depot to Dallas Hub. */
function shipment(overrides: Partial<Shipment> = {}): Shipment {
  return {
    id: 1,
    account_id: 1,
    name: 'PO 4101 Chicago to Dallas',
    carrier: 'Acme Freight',
    status: 'in-progress',
    start_at: '2026-03-05T19:07:00.000Z',
    end_at: '2026-03-07T19:07:00.000Z',
    estimated_end_at: '2026-03-06T22:00:00.000Z',
    ended_at: null,
    device_id: 3,
    device: { id: 3, name: 'Truck 3' },
    from_geofence_id: 10,
    from_geofence: depot(10, 'Chicago Depot', 41.88, -87.63),
    from_address: null,
    to_geofence_id: 11,
    to_geofence: depot(11, 'Dallas Hub', 32.78, -96.8),
    to_address: null,
    notify_at: 0,
    notification_emails: [],
    notification_phone_numbers: [],
    uuid: 'u-1',
    current_position: null,
    archived_at: null,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('the status filter', () => {
  it('asks for every status when all boxes are ticked, and for nothing when none is', () => {
    expect(statusesToRequest([...SHIPMENT_STATUSES].reverse())).toEqual([]);
    expect(statusesToRequest([])).toBeNull();
  });

  it('asks for the ticked statuses, in the enumeration order', () => {
    expect(statusesToRequest(['completed', 'not-started'])).toEqual(['not-started', 'completed']);
  });
});

describe('a shipment on the map', () => {
  it('is at its current position', () => {
    const at = shipment({
      current_position: {
        location: [-90.2, 38.6],
        timestamp: '2026-03-06T10:00:00.000Z',
        speed: 20,
        fix: 'gps',
        address: null,
      },
    });
    expect(shipmentPoint(at)).toEqual([-90.2, 38.6]);
  });

  it('is at its start location until its tracker has a position', () => {
    expect(shipmentPoint(shipment())).toEqual([-87.63, 41.88]);
    const fromAddress = shipment({
      from_geofence_id: null,
      from_geofence: null,
      from_address: { name: '1 Main St', lat: 40, lng: -88 },
    });
    expect(shipmentPoint(fromAddress)).toEqual([-88, 40]);
  });

  it('is left off the map when it has no place at all (its geofence deleted)', () => {
    const nowhere = shipment({ id: 2, from_geofence: null });
    expect(toMapShipments([shipment(), nowhere])).toEqual([
      { id: 1, name: 'PO 4101 Chicago to Dallas', status: 'in-progress', lng: -87.63, lat: 41.88 },
    ]);
  });
});

describe('a row', () => {
  it('names both ends by geofence or address', () => {
    const s = shipment({
      to_geofence_id: null,
      to_geofence: null,
      to_address: { name: '5 Elm St, Dallas', lat: 32.7, lng: -96.7 },
    });
    expect([placeName(s, 'from'), placeName(s, 'to')]).toEqual([
      'Chicago Depot',
      '5 Elm St, Dallas',
    ]);
    expect(placeName(shipment({ from_geofence: null }), 'from')).toBe('—');
  });
});

describe('the selection', () => {
  it('keeps only the rows still listed, and the same set when nothing went', () => {
    const selected = new Set([1, 2, 3]);
    expect([...keepListed(selected, [{ id: 1 }, { id: 3 }])]).toEqual([1, 3]);
    expect(keepListed(selected, [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }])).toBe(selected);
  });
});
