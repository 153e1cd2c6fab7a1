import {
  driverOf,
  engineHoursOf,
  type ApiDeviceEvent,
  type CurrentPosition,
} from '@waymark/domain';
import type { CommittedPosition } from '../events/catalogue';
import type { DeviceState, Position } from './position';
import type { DeviceEvent } from './steps/events';

/** The realtime and API shape of a device's newest position. */
export function presentCurrent(p: Position, s: DeviceState): CurrentPosition {
  return {
    device_id: p.deviceId,
    location: [p.lng, p.lat],
    lat: p.lat,
    lng: p.lng,
    timestamp: p.fixTime.toISOString(),
    fix: p.fix,
    speed: p.speed,
    course: p.course,
    altitude: p.altitude,
    accuracy: p.accuracy,
    battery: s.battery,
    temperature: p.temperature,
    humidity: p.humidity,
    odometer: s.odometer,
    address: p.address,
    is_inside_geofences: s.geofenceIds.length > 0,
    last_movement_time: s.lastMovementTime?.toISOString() ?? null,
    last_movement_time_without_cell: s.lastMovementTimeWithoutCell?.toISOString() ?? null,
    charging: p.charging,
    ignition: p.ignition,
    engine_hours: engineHoursOf(p.attributes),
    driver: driverOf(p.attributes),
  };
}

/**
 * A committed position for `positions.committed`: the fix's numbers now, its realtime shape
 * only when a reader asks (the shipment clock and the rules never do; formatting three dates per position
 * was a fifth of the clock's cost), then kept for the other readers.
 */
export function committedPosition(p: Position, s: DeviceState): CommittedPosition {
  let presented: CurrentPosition | undefined;
  return {
    account_id: p.accountId,
    device_id: p.deviceId,
    time: p.fixTime.getTime(),
    lat: p.lat,
    lng: p.lng,
    accuracy: p.accuracy,
    address: p.address,
    reading: {
      speed: p.speed,
      ignition: p.ignition,
      battery: s.battery,
      temperature: s.temperature,
      humidity: s.humidity,
      inTrip: s.segment ? s.segment.phase === 'trip' : null,
    },
    get position() {
      return (presented ??= presentCurrent(p, s));
    },
  };
}

export function presentEvent(e: DeviceEvent, id: number): ApiDeviceEvent {
  return {
    id,
    device_id: e.deviceId,
    event_type: e.eventType,
    description: e.description,
    created_at: e.createdAt.toISOString(),
    lat: e.lat,
    lng: e.lng,
  };
}
