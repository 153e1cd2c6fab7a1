import type { EventType } from '../../db/schema';
import type { Position } from '../position';
import type { GeofenceTransition } from './geofences';

/** Battery percentage below which a tracker reports low battery (spec 000 §4). */
export const LOW_BATTERY_PERCENT = 20;

export interface DeviceEvent {
  accountId: number;
  deviceId: number;
  eventType: EventType;
  description: string;
  geofenceId: number | null;
  lat: number;
  lng: number;
  createdAt: Date;
}

export interface EventNames {
  device: string;
  geofence(id: number): string | undefined;
}

/**
 * Events of one position, with descriptions people can read in the alerts list: geofence
 * enter and exit, low battery once per crossing below 20 %, and tamper alarms.
 */
export function eventsFor(
  position: Position,
  previousBattery: number | null,
  transitions: readonly GeofenceTransition[],
  names: EventNames,
): DeviceEvent[] {
  const base = {
    accountId: position.accountId,
    deviceId: position.deviceId,
    lat: position.lat,
    lng: position.lng,
    createdAt: position.fixTime,
  };
  const events: DeviceEvent[] = transitions.map((t) => {
    const fence = names.geofence(t.geofenceId) ?? `geofence #${t.geofenceId}`;
    return {
      ...base,
      eventType: t.kind === 'enter' ? 'geofence-enter' : 'geofence-exit',
      description: `${names.device} ${t.kind === 'enter' ? 'entered' : 'exited'} ${fence}`,
      geofenceId: t.geofenceId,
    };
  });
  const battery = position.battery;
  const crossedLow =
    battery !== null &&
    battery < LOW_BATTERY_PERCENT &&
    (previousBattery === null || previousBattery >= LOW_BATTERY_PERCENT);
  if (crossedLow) {
    events.push({
      ...base,
      eventType: 'low-battery',
      description: `${names.device} battery is low (${Math.round(battery)}%)`,
      geofenceId: null,
    });
  }
  if (position.alarm === 'tamper') {
    events.push({
      ...base,
      eventType: 'tamper-alert',
      description: `${names.device} reported a tamper alarm`,
      geofenceId: null,
    });
  }
  return events;
}
