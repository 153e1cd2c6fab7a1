import type { AccountGeofenceIndex } from '../spatial/geofence-index';
import type { DeviceState, Position, SlaTriggers } from './position';
import { eventsFor, LOW_BATTERY_PERCENT, type DeviceEvent } from './steps/events';
import { filterFix, mayBeJump, type FilterBounds } from './steps/filter';
import { applyGeofences, type GeofenceTransition } from './steps/geofences';
import { applyMotion, initialState } from './steps/motion';
import { applyTrips, countFiltered, TripOutputs, ZoneDaysCache } from './steps/trips';

/**
 * What the steps read besides positions. Everything is at hand synchronously (indexes loaded
 * and addresses filled before the run): an await per position cost more than the steps.
 */
export interface StepContext {
  geofencesOf(accountId: number): AccountGeofenceIndex;
  deviceName(deviceId: number): string;
  triggers?(deviceId: number): SlaTriggers | undefined;
  /** The account zone of a device, whose local days its summaries count (default UTC). */
  zoneOf?(deviceId: number): string | undefined;
  /** Kept by the caller across batches. */
  zoneDays?: ZoneDaysCache;
  /** The account's position filter bounds; undefined runs no filter (bench:ingest's baseline). */
  filterBounds(accountId: number): FilterBounds | undefined;
  /** Trips, stops and daily summaries are kept (false only for bench:ingest's baseline). */
  measureTrips?: boolean;
  /** The server's clock, for fixes from the future. */
  now: Date;
}

const UNFILTERED = {
  reason: null,
  retractsLast: false,
  relocated: false,
  suspect: null,
  hopMetres: 0,
} as const;

/** An accepted fix stored in an earlier batch that a later one showed to be a jump. */
export interface Retraction {
  deviceId: number;
  fixTime: Date;
}

export interface StepsOutcome {
  /** The newest position and state of each device whose state advanced. */
  current: { position: Position; state: DeviceState }[];
  /** States that changed without a new position (the filter's memory of speed outliers). */
  held: { deviceId: number; state: DeviceState }[];
  /** How many fixes of the batch were filtered (each carries its filterReason). */
  filtered: number;
  retractions: Retraction[];
  transitions: GeofenceTransition[];
  events: DeviceEvent[];
  /** Trips and stops closed, and daily summaries' additions. */
  trips: TripOutputs;
  /**
   * Per device, the oldest accepted fix of the batch older than its state (history arriving
   * late): its trips and summaries are rebuilt from there, off the batch (trips-rebuild).
   */
  late: Map<number, Date>;
  flags: {
    deviceId: number;
    lowBattery: boolean;
    charging: boolean | null;
    sos: boolean;
    overspeed: boolean;
  }[];
}

/**
 * Runs the filter, motion, geofence and event steps over ordered, normalised positions.
 * `states` is read, never written: the caller adopts the new states only after the batch is
 * committed. A filtered fix gets its `filterReason` and goes no further. A position older than
 * its device's state is history arriving late: it is stored and geofence-tagged, but moves no
 * state (the current position is never rewound).
 */
export function runSteps(
  positions: readonly Position[],
  states: Pick<ReadonlyMap<number, DeviceState>, 'get'>,
  context: StepContext,
): StepsOutcome {
  const working = new Map<number, DeviceState>();
  const current = new Map<number, { position: Position; state: DeviceState }>();
  const held = new Map<number, DeviceState>();
  const flags = new Map<number, StepsOutcome['flags'][number]>();
  const transitions: GeofenceTransition[] = [];
  const events: DeviceEvent[] = [];
  const trips = new TripOutputs();
  const zoneDays = context.zoneDays ?? new ZoneDaysCache();
  const retractions: Retraction[] = [];
  const late = new Map<number, Date>();
  let filtered = 0;
  const measureTrips = context.measureTrips !== false;

  for (const position of positions) {
    const index = context.geofencesOf(position.accountId);
    const previous = working.get(position.deviceId) ?? states.get(position.deviceId);
    const bounds = context.filterBounds(position.accountId);
    const decision = bounds ? filterFix(position, previous, bounds, context.now) : UNFILTERED;

    if (decision.reason) {
      position.filterReason = decision.reason;
      filtered++;
      if (measureTrips)
        countFiltered(position, zoneDays.of(context.zoneOf?.(position.deviceId) ?? 'UTC'), trips);
      if (previous && decision.suspect !== previous.suspect) {
        const state = { ...previous, suspect: decision.suspect };
        working.set(position.deviceId, state);
        const entry = current.get(position.deviceId);
        if (entry) entry.state = state;
        else held.set(position.deviceId, state);
      }
      continue;
    }
    if (previous && position.fixTime <= previous.lastFixTime) {
      position.geofenceIds = index.containing(position.lat, position.lng);
      const oldest = late.get(position.deviceId);
      if (!oldest || position.fixTime < oldest) late.set(position.deviceId, position.fixTime);
      continue;
    }

    let base = previous;
    if (previous && decision.retractsLast) {
      // The last fix was a spike: it is marked, and this one follows the state before it (its
      // geofences stay the spike's, so a visit it opened is closed now).
      const spike = current.get(position.deviceId)?.position;
      if (spike && spike.fixTime.getTime() === previous.lastFixTime.getTime()) {
        spike.filterReason = 'jump';
        filtered++;
      } else retractions.push({ deviceId: position.deviceId, fixTime: previous.lastFixTime });
      base = { ...previous.undo!, geofenceIds: previous.geofenceIds };
    }
    if (base && decision.relocated) base = { ...base, odometerPoint: null };
    const moved = base ? applyMotion(base, position) : initialState(position);
    const fences = applyGeofences(moved, position, index);
    moved.geofenceIds = fences.geofenceIds;
    moved.suspect = null;
    moved.undo =
      base && !decision.retractsLast && mayBeJump(base, position, decision.hopMetres)
        ? { ...base, undo: null, suspect: null }
        : null;
    position.geofenceIds = fences.geofenceIds;
    position.odometer = moved.odometer;
    // A fix that may yet prove a jump (undo kept) reaches the trips a fix later, once it holds.
    const days = zoneDays.of(context.zoneOf?.(position.deviceId) ?? 'UTC');
    if (measureTrips)
      Object.assign(moved, applyTrips(moved, position, moved.undo !== null, days, trips));
    const state = moved;

    transitions.push(...fences.transitions);
    events.push(
      ...eventsFor(
        position,
        {
          battery: base?.battery ?? null,
          temperature: base?.temperature ?? null,
          humidity: base?.humidity ?? null,
        },
        fences.transitions,
        { device: context.deviceName(position.deviceId), geofence: (id) => index.name(id) },
        context.triggers?.(position.deviceId),
      ),
    );
    working.set(position.deviceId, state);
    held.delete(position.deviceId);
    current.set(position.deviceId, { position, state });
    // SOS and overspeed are latched (a report raises them, only a user clears them): one fix of
    // the batch raising them counts, though later fixes of the same batch do not repeat it.
    const earlier = flags.get(position.deviceId);
    flags.set(position.deviceId, {
      deviceId: position.deviceId,
      lowBattery: state.battery !== null && state.battery < LOW_BATTERY_PERCENT,
      charging: position.charging,
      sos: position.alarm === 'sos' || (earlier?.sos ?? false),
      overspeed: position.alarm === 'overspeed' || (earlier?.overspeed ?? false),
    });
  }
  return {
    current: [...current.values()],
    held: [...held].map(([deviceId, state]) => ({ deviceId, state })),
    filtered,
    retractions,
    transitions,
    events,
    trips,
    late,
    flags: [...flags.values()],
  };
}
