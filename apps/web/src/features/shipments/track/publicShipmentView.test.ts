import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES, type ShipmentPoint } from '@waymark/domain';
import { publicEndedAt, publicFramePoints, showsPublicBadge } from './publicShipmentView';

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

  it('frames the path and the current position', () => {
    expect(
      publicFramePoints({ path: [point(1, 2), point(3, 4)], current_position: point(5, 6) }),
    ).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(publicFramePoints({})).toEqual([]);
  });
});
