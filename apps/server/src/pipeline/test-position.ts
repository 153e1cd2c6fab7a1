import type { Position } from './position';

/** A normalised GPS position for step tests; override what the test is about. */
export function testPosition(over: Partial<Position> & Pick<Position, 'lat' | 'lng'>): Position {
  const time = over.fixTime ?? new Date('2026-11-22T10:00:00Z');
  return {
    deviceId: 9,
    accountId: 1,
    fixTime: time,
    receivedAt: time,
    fix: 'gps',
    speed: null,
    course: null,
    altitude: null,
    accuracy: 5,
    battery: null,
    charging: null,
    ignition: null,
    temperature: null,
    humidity: null,
    alarm: null,
    attributes: null,
    odometer: null,
    address: null,
    geofenceIds: [],
    filterReason: null,
    ...over,
  };
}
