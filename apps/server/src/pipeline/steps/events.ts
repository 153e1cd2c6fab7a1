import type { EventType } from '../../db/schema';
import { celsiusToFahrenheit } from '@waymark/domain';
import type { Position, SlaTriggers } from '../position';
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

/** What the previous fix said, for events raised on a crossing rather than on every fix. */
export interface PreviousReadings {
  battery: number | null;
  temperature: number | null;
  humidity: number | null;
}

const fahrenheit = (c: number) => `${celsiusToFahrenheit(c).toFixed(1)}°F`;
const outside = (v: number | null, min: number | null, max: number | null) =>
  v !== null && ((min !== null && v < min) || (max !== null && v > max));

function slaBreaches(
  position: Position,
  previous: PreviousReadings,
  triggers: SlaTriggers | undefined,
  device: string,
) {
  if (!triggers) return [];
  const breaches: string[] = [];
  const { temperature: t, humidity: h } = position;
  const {
    minTemperature: minT,
    maxTemperature: maxT,
    minHumidity: minH,
    maxHumidity: maxH,
  } = triggers;
  if (outside(t, minT, maxT) && !outside(previous.temperature, minT, maxT)) {
    breaches.push(
      t! > (maxT ?? Infinity)
        ? `${device} temperature ${fahrenheit(t!)} is above the SLA maximum of ${fahrenheit(maxT!)}`
        : `${device} temperature ${fahrenheit(t!)} is below the SLA minimum of ${fahrenheit(minT!)}`,
    );
  }
  if (outside(h, minH, maxH) && !outside(previous.humidity, minH, maxH)) {
    breaches.push(
      h! > (maxH ?? Infinity)
        ? `${device} humidity ${Math.round(h!)}% is above the SLA maximum of ${maxH}%`
        : `${device} humidity ${Math.round(h!)}% is below the SLA minimum of ${minH}%`,
    );
  }
  return breaches;
}

/**
 * Events of one position, with descriptions people can read in the alerts list: geofence
 * enter and exit, low battery once per crossing below 20 %, tamper alarms, and temperature or
 * humidity leaving the tracker's SLA bounds (once per crossing).
 */
export function eventsFor(
  position: Position,
  previous: PreviousReadings,
  transitions: readonly GeofenceTransition[],
  names: EventNames,
  triggers?: SlaTriggers,
): DeviceEvent[] {
  const previousBattery = previous.battery;
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
  for (const description of slaBreaches(position, previous, triggers, names.device)) {
    events.push({ ...base, eventType: 'sla-breach', description, geofenceId: null });
  }
  return events;
}
