import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES, type ShipmentPoint } from '@waymark/domain';
import {
  arrivalText,
  publicEndedAt,
  publicFramePoints,
  showsPublicBadge,
} from './publicShipmentView';

const point = (lng: number, lat: number): ShipmentPoint => ({
  location: [lng, lat],
  timestamp: '2025-03-05T15:04:00Z',
  speed: null,
  fix: 'gps',
  address: null,
});

describe('public shipment page', () => {
  it('shows a badge only for Completed, Running Late and Completed Late', () => {
    expect(SHIPMENT_STATUSES.filter(showsPublicBadge)).toEqual([
      'running-late',
      'completed',
      'completed-late',
    ]);
  });

  it('shows the end time only when the shipment is no longer ongoing', () => {
    expect(publicEndedAt({ status: 'completed', ended_at: 'A' })).toBe('A');
    expect(publicEndedAt({ status: 'completed-late', ended_at: 'A' })).toBe('A');
    expect(publicEndedAt({ status: 'running-late', ended_at: null })).toBeNull();
    expect(publicEndedAt({ status: 'in-progress', ended_at: 'stale' })).toBeNull();
  });

  it('frames the path, the current position and the destination', () => {
    expect(
      publicFramePoints({
        path: [point(1, 2), point(3, 4)],
        current_position: point(5, 6),
        destination: { name: 'Yard', location: [7, 8] },
      }),
    ).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ]);
    expect(publicFramePoints({ destination: null })).toEqual([]);
  });

  it('says when an ongoing shipment should arrive, in the local zone, to five minutes', () => {
    // Local times, so the test reads the same in any zone.
    const now = new Date(2026, 11, 2, 9, 0);
    const at = (h: number, m: number, day = 2) => new Date(2026, 11, day, h, m).toISOString();
    expect(arrivalText({ status: 'in-progress', estimated_end_at: at(12, 31) }, now)).toBe(
      'arriving about 12:30 pm',
    );
    expect(arrivalText({ status: 'running-late', estimated_end_at: at(9, 3, 3) }, now)).toBe(
      'arriving about Dec 3, 9:05 am',
    );
    expect(arrivalText({ status: 'in-progress', estimated_end_at: null }, now)).toBeNull();
    expect(arrivalText({ status: 'completed', estimated_end_at: at(12, 31) }, now)).toBeNull();
  });
});
