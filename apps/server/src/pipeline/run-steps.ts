import type { AccountGeofenceIndex } from '../spatial/geofence-index';
import type { DeviceState, Position, SlaTriggers } from './position';
import { eventsFor, LOW_BATTERY_PERCENT, type DeviceEvent } from './steps/events';
import { applyGeofences, type GeofenceTransition } from './steps/geofences';
import { applyMotion, initialState } from './steps/motion';

/**
 * What the steps read besides positions. Everything is at hand synchronously (indexes loaded
 * and addresses filled before the run): an await per position cost more than the steps.
 */
export interface StepContext {
  geofencesOf(accountId: number): AccountGeofenceIndex;
  deviceName(deviceId: number): string;
  triggers?(deviceId: number): SlaTriggers | undefined;
}

export interface StepsOutcome {
  /** The newest position and state of each device whose state advanced. */
  current: { position: Position; state: DeviceState }[];
  transitions: GeofenceTransition[];
  events: DeviceEvent[];
  flags: {
    deviceId: number;
    lowBattery: boolean;
    charging: boolean | null;
    sos: boolean;
    overspeed: boolean;
  }[];
}

/**
 * Runs steps 3–5 over ordered, normalised positions. `states` is read, never written: the
 * caller adopts the new states only after the batch is committed. A position older than its
 * device's state is history arriving late: it is stored and geofence-tagged, but moves no state.
 */
export function runSteps(
  positions: readonly Position[],
  states: Pick<ReadonlyMap<number, DeviceState>, 'get'>,
  context: StepContext,
): StepsOutcome {
  const working = new Map<number, DeviceState>();
  const current = new Map<number, { position: Position; state: DeviceState }>();
  const flags = new Map<number, StepsOutcome['flags'][number]>();
  const transitions: GeofenceTransition[] = [];
  const events: DeviceEvent[] = [];

  for (const position of positions) {
    const index = context.geofencesOf(position.accountId);
    const previous = working.get(position.deviceId) ?? states.get(position.deviceId);

    if (previous && position.fixTime <= previous.lastFixTime) {
      position.geofenceIds = index.containing(position.lat, position.lng);
      continue;
    }
    const base = previous ?? initialState(position);
    const moved = previous ? applyMotion(previous, position) : base;
    const fences = applyGeofences(moved, position, index);
    const state: DeviceState = { ...moved, geofenceIds: fences.geofenceIds };
    position.geofenceIds = fences.geofenceIds;
    position.odometer = state.odometer;

    transitions.push(...fences.transitions);
    events.push(
      ...eventsFor(
        position,
        {
          battery: previous?.battery ?? null,
          temperature: previous?.temperature ?? null,
          humidity: previous?.humidity ?? null,
        },
        fences.transitions,
        { device: context.deviceName(position.deviceId), geofence: (id) => index.name(id) },
        context.triggers?.(position.deviceId),
      ),
    );
    working.set(position.deviceId, state);
    current.set(position.deviceId, { position, state });
    flags.set(position.deviceId, {
      deviceId: position.deviceId,
      lowBattery: state.battery !== null && state.battery < LOW_BATTERY_PERCENT,
      charging: position.charging,
      sos: position.alarm === 'sos',
      overspeed: position.alarm === 'overspeed',
    });
  }
  return { current: [...current.values()], transitions, events, flags: [...flags.values()] };
}
