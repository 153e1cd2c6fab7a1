import { advanceOdometer, distanceMetres } from '@waymark/domain';
import type { DeviceState, Position } from '../position';

/** A device has moved when it is this far from where it last moved (or its fix's accuracy). */
export const MOVEMENT_METRES = 100;

/** State for a device's first position. */
export function initialState(position: Position): DeviceState {
  const nonCell = position.fix !== 'cell';
  return {
    lastFixTime: position.fixTime,
    lat: position.lat,
    lng: position.lng,
    fix: position.fix,
    accuracy: position.accuracy,
    battery: position.battery,
    temperature: position.temperature,
    humidity: position.humidity,
    odometer: 0,
    odometerPoint: nonCell ? { lat: position.lat, lng: position.lng } : null,
    moveAnchor: { lat: position.lat, lng: position.lng },
    moveAnchorWithoutCell: nonCell ? { lat: position.lat, lng: position.lng } : null,
    lastMovementTime: null,
    lastMovementTimeWithoutCell: null,
    geofenceIds: [],
    segment: null,
    segmentPending: null,
    undo: null,
    suspect: null,
  };
}

function moved(anchor: { lat: number; lng: number }, position: Position): boolean {
  const threshold = Math.max(MOVEMENT_METRES, position.accuracy ?? 0);
  return distanceMetres(anchor.lat, anchor.lng, position.lat, position.lng) > threshold;
}

/**
 * Motion: last_movement_time (any fix), last_movement_time_without_cell (cell fixes are too
 * coarse to prove movement) and the odometer, from non-cell fixes only. Only a fix newer than
 * the state moves it on; older fixes arriving late are history, not news.
 */
export function applyMotion(state: DeviceState, position: Position): DeviceState {
  const next: DeviceState = {
    ...state,
    lastFixTime: position.fixTime,
    lat: position.lat,
    lng: position.lng,
    fix: position.fix,
    accuracy: position.accuracy,
  };
  if (moved(state.moveAnchor, position)) {
    next.moveAnchor = { lat: position.lat, lng: position.lng };
    next.lastMovementTime = position.fixTime;
  }
  if (position.fix !== 'cell') {
    if (!state.moveAnchorWithoutCell || moved(state.moveAnchorWithoutCell, position)) {
      if (state.moveAnchorWithoutCell) next.lastMovementTimeWithoutCell = position.fixTime;
      next.moveAnchorWithoutCell = { lat: position.lat, lng: position.lng };
    }
    const odometer = advanceOdometer(
      { metres: state.odometer, point: state.odometerPoint },
      position,
    );
    next.odometer = odometer.metres;
    next.odometerPoint = odometer.point;
  }
  if (position.battery !== null) next.battery = position.battery;
  if (position.temperature !== null) next.temperature = position.temperature;
  if (position.humidity !== null) next.humidity = position.humidity;
  return next;
}
