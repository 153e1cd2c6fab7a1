import { describe, expect, it } from 'vitest';
import {
  isOngoing,
  PUBLIC_BADGE_STATUSES,
  SHIPMENT_MARKER_COLOURS,
  SHIPMENT_STATUS_LABELS,
  SHIPMENT_STATUSES,
} from './shipment.constants';
import { describeShipmentEvent, formatDelay } from './shipment-events.rules';

const names = { shipment: 'PO 4471', from: 'Chicago Depot', to: 'Dallas Hub' };

describe('shipment statuses (spec 001 §4)', () => {
  it('are ongoing while Not Started, In Progress or Running Late', () => {
    expect(SHIPMENT_STATUSES.filter(isOngoing).map((s) => SHIPMENT_STATUS_LABELS[s])).toEqual([
      'Not Started',
      'In Progress',
      'Running Late',
    ]);
  });

  it('colour markers blue, green, gray and red', () => {
    expect(SHIPMENT_MARKER_COLOURS).toEqual({
      'in-progress': 'blue',
      completed: 'green',
      'not-started': 'gray',
      'running-late': 'red',
      'completed-late': 'red',
    });
    expect(PUBLIC_BADGE_STATUSES.map((s) => SHIPMENT_STATUS_LABELS[s])).toEqual([
      'Completed',
      'Running Late',
      'Completed Late',
    ]);
  });
});

describe('shipment event descriptions', () => {
  it('say what happened, where, and by how much', () => {
    const text = (e: Parameters<typeof describeShipmentEvent>[0]) =>
      describeShipmentEvent(e, names);
    expect(text({ type: 'shipment-begin', at: 0 })).toBe('Shipment PO 4471 left Chicago Depot');
    expect(text({ type: 'shipment-begin', at: 0, awayFromStart: true })).toBe(
      'Shipment PO 4471 started away from Chicago Depot',
    );
    expect(text({ type: 'shipment-end', at: 0, late: false })).toBe(
      'Shipment PO 4471 arrived at Dallas Hub',
    );
    expect(text({ type: 'shipment-end', at: 0, late: true })).toBe(
      'Shipment PO 4471 arrived at Dallas Hub late',
    );
    expect(text({ type: 'shipment-end', at: 0, late: false, byHand: true })).toBe(
      'Shipment PO 4471 was ended',
    );
    expect(text({ type: 'shipment-late', at: 0 })).toBe(
      'Shipment PO 4471 is running late: it has not reached Dallas Hub by its scheduled end',
    );
    expect(text({ type: 'shipment-late', at: 0, expectedLateMs: 80 * 60_000 })).toBe(
      'Shipment PO 4471 is running late: expected at Dallas Hub 1 h 20 min after its scheduled end',
    );
    expect(text({ type: 'shipment-notify', at: 0, hours: 1 })).toBe(
      'Shipment PO 4471 is due at Dallas Hub in 1 hour',
    );
    expect(
      describeShipmentEvent({ type: 'shipment-notify', at: 0, hours: 5 }, { ...names, to: null }),
    ).toBe('Shipment PO 4471 is due at its destination in 5 hours');
  });

  it('round delays to whole minutes', () => {
    expect([formatDelay(20_000), formatDelay(45 * 60_000), formatDelay(120 * 60_000)]).toEqual([
      '1 min',
      '45 min',
      '2 h',
    ]);
  });
});
