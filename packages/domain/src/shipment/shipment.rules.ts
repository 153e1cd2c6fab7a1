import {
  EMPTY_TRACK,
  extendTrack,
  isSpeedFix,
  lastTrackFix,
  movingSpeed,
  predictedArrival,
  roadFactor,
  routedFactor,
  routedSpeed,
  type RoadDistance,
  type Track,
} from './arrival.rules';
import { isOngoing, type ShipmentEventType, type ShipmentStatus } from './shipment.constants';
import {
  distanceToPlace,
  isInsidePlace,
  isPreciseFix,
  type ShipmentPlace,
} from './shipment-place.rules';

const HOUR_MS = 3_600_000;

/**
 * A predicted arrival after the scheduled end makes the shipment Running Late once the
 * predictions have said so for 30 minutes running: a slow start through town or a stop at the
 * lights does not raise a warning the highway would take back.
 */
export const LATE_AFTER_MS = 30 * 60_000;

/**
 * What the shipment clock knows of one shipment (times in epoch ms): its plan, where it stands,
 * and the tracker's recent precise fixes for the speed. Rules take one and answer the next.
 */
export interface ShipmentClock {
  status: ShipmentStatus;
  startAt: number;
  /** The scheduled end. */
  endAt: number;
  /** Hours before the scheduled end to notify; 0 for no notification. */
  notifyAtHours: number;
  /** Null when the place is gone (its geofence deleted): then any fix leaves it. */
  from: ShipmentPlace | null;
  /** Null when the place is gone: then only End finishes the shipment. */
  to: ShipmentPlace | null;
  /** When the tracker left the start location (the shipment-begin event). */
  beganAt: number | null;
  /**
   * Where the newest precise fix seen put the tracker: inside the start location (true),
   * away from it (false), or not seen yet (null). A begin says 'left' only after an inside.
   */
  insideFrom: boolean | null;
  endedAt: number | null;
  notifiedAt: number | null;
  estimatedEndAt: number | null;
  /** The newest fix seen: older ones arriving later change nothing. */
  lastFixAt: number | null;
  /** Precise fixes of the last SPEED_WINDOW_MS, oldest first, and their driven steps. */
  track: Track;
  /** The last moving speed measured (m/s), kept while the tracker stands. */
  speedMps: number | null;
  /** The first precise fix followed since it began, and the metres driven from there. */
  origin: { lat: number; lng: number } | null;
  drivenM: number;
  /** Since when every prediction has been after the scheduled end; null while on time. */
  lateSince: number | null;
}

/** A fix of the shipment's tracker; accuracy in metres, null when the tracker gives none. */
export interface ClockFix {
  time: number;
  lat: number;
  lng: number;
  accuracy: number | null;
}

/** Something that happened to a shipment: written to it and to its tracker's events. */
export interface ShipmentHappening {
  type: ShipmentEventType;
  at: number;
  /** Where the tracker was, when a fix set it off. */
  lat?: number;
  lng?: number;
  /** shipment-end: after the scheduled end. */
  late?: boolean;
  /** shipment-end: by the End action rather than on arrival. */
  byHand?: boolean;
  /** shipment-begin: the tracker was not seen inside the start location before it began. */
  awayFromStart?: boolean;
  /** shipment-late by prediction: how far past the scheduled end the arrival is expected. */
  expectedLateMs?: number;
  /** shipment-notify: the hours before the scheduled end it was asked for. */
  hours?: number;
}

/** One predicted arrival (estimated_end_at), kept so its accuracy can be measured later. */
export interface ArrivalPrediction {
  at: number;
  estimatedEndAt: number;
  remainingM: number;
  speedMps: number;
  roadFactor: number;
  /** The fix it was made from. */
  lat: number;
  lng: number;
}

export interface ClockStep {
  clock: ShipmentClock;
  events: ShipmentHappening[];
  prediction: ArrivalPrediction | null;
}

const unchanged = (clock: ShipmentClock): ClockStep => ({ clock, events: [], prediction: null });

/**
 * A copy of the clock for the next step, written out field by field: clocks from the database,
 * from newShipmentClock and from earlier steps then share one shape, and the copy stays a few
 * stores (a spread of clocks of many shapes was a third of the clock's cost; bench:shipments).
 */
function copyOf(c: ShipmentClock): ShipmentClock {
  return {
    status: c.status,
    startAt: c.startAt,
    endAt: c.endAt,
    notifyAtHours: c.notifyAtHours,
    from: c.from,
    to: c.to,
    beganAt: c.beganAt,
    insideFrom: c.insideFrom,
    endedAt: c.endedAt,
    notifiedAt: c.notifiedAt,
    estimatedEndAt: c.estimatedEndAt,
    lastFixAt: c.lastFixAt,
    track: c.track,
    speedMps: c.speedMps,
    origin: c.origin,
    drivenM: c.drivenM,
    lateSince: c.lateSince,
  };
}

/** The clock of a new shipment: not started, nothing seen yet. */
export function newShipmentClock(
  plan: Pick<ShipmentClock, 'startAt' | 'endAt' | 'notifyAtHours' | 'from' | 'to'>,
): ShipmentClock {
  return {
    ...plan,
    status: 'not-started',
    beganAt: null,
    insideFrom: null,
    endedAt: null,
    notifiedAt: null,
    estimatedEndAt: null,
    lastFixAt: null,
    track: EMPTY_TRACK,
    speedMps: null,
    origin: null,
    drivenM: 0,
    lateSince: null,
  };
}

/**
 * A new fix of the shipment's tracker. In order:
 * - begin: at or after start_at, the first precise fix outside the start location (Not
 *   Started becomes In Progress); it left the start when a fix before it was inside, else it
 *   started away from it;
 * - end: once begun, the first precise fix inside the end location completes it (Completed
 *   Late when after end_at);
 * - predict: the arrival from the remaining distance, the road factor and the moving speed
 *   (arrival.rules). With `road`, a routing engine's distance measured from near this fix, the
 *   road factor is the route's (`routedFactor`), and a tracker without a moving speed yet is
 *   predicted at the route's speed; without it, great-circle times the trip's road factor;
 * - late and notify, as `onTime` at the fix's time, the prediction included.
 * A fix no newer than the last one seen changes nothing; neither does one of a finished shipment.
 */
export function onFix(
  clock: ShipmentClock,
  fix: ClockFix,
  road: RoadDistance | null = null,
): ClockStep {
  if (!isOngoing(clock.status)) return unchanged(clock);
  if (clock.lastFixAt !== null && fix.time <= clock.lastFixAt) return unchanged(clock);
  // The clock runs for every position of a tracker with a shipment under way: one copy of the
  // clock per fix, each place measured once (bench:shipments).
  const c = copyOf(clock);
  c.lastFixAt = fix.time;
  const events: ShipmentHappening[] = [];
  const precise = isPreciseFix(fix.accuracy);
  if (precise && isSpeedFix(fix.accuracy)) {
    const point = { time: fix.time, lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy };
    const hadFixes = c.track.end > c.track.start;
    c.track = extendTrack(c.track, point);
    if (c.origin && hadFixes) c.drivenM += lastTrackFix(c.track)!.movedM;
    c.speedMps = movingSpeed(c.track) ?? c.speedMps;
  }

  if (c.beganAt === null && precise) {
    const inside = c.from !== null && isInsidePlace(c.from, fix.lat, fix.lng);
    if (fix.time >= c.startAt && !inside) {
      c.beganAt = fix.time;
      if (c.status === 'not-started') c.status = 'in-progress';
      // 'Left' only follows a fix seen inside; a tracker already elsewhere started away.
      events.push(
        c.insideFrom === true
          ? { type: 'shipment-begin', at: fix.time }
          : { type: 'shipment-begin', at: fix.time, awayFromStart: true },
      );
    }
    c.insideFrom = inside;
  }
  // The detour is measured from the first fix followed since it began (after a restart too).
  if (c.beganAt !== null && precise && !c.origin) {
    c.origin = { lat: fix.lat, lng: fix.lng };
    c.drivenM = 0;
  }

  // 0 inside the end place.
  const remainingM = c.beganAt !== null && c.to ? distanceToPlace(c.to, fix.lat, fix.lng) : null;
  if (remainingM === 0 && precise) {
    const late = fix.time > c.endAt;
    c.status = late ? 'completed-late' : 'completed';
    c.endedAt = fix.time;
    c.estimatedEndAt = fix.time;
    events.push({ type: 'shipment-end', at: fix.time, late });
    return { clock: c, events: placed(events, fix), prediction: null };
  }

  let prediction: ArrivalPrediction | null = null;
  const routed = road ? routedFactor(road) : null;
  const speedMps = c.speedMps ?? (road && routed !== null ? routedSpeed(road) : null);
  if (remainingM !== null && speedMps) {
    const factor = routed ?? roadFactor(c.origin, c.drivenM, fix);
    const estimatedEndAt = predictedArrival(fix.time, remainingM, speedMps, factor);
    c.estimatedEndAt = estimatedEndAt;
    c.lateSince = estimatedEndAt > c.endAt ? (c.lateSince ?? fix.time) : null;
    prediction = {
      at: fix.time,
      estimatedEndAt,
      remainingM,
      speedMps,
      roadFactor: factor,
      lat: fix.lat,
      lng: fix.lng,
    };
  }
  passTime(c, fix.time, events);
  return { clock: c, events: placed(events, fix), prediction };
}

/** The events, each where the fix that set it off was. */
const placed = (events: ShipmentHappening[], fix: ClockFix) =>
  events.length === 0 ? events : events.map((e) => ({ ...e, lat: fix.lat, lng: fix.lng }));

/**
 * Where the tracker was last seen before the clock follows it (its newest stored fix, or the
 * last one before a past start): only what a begin says depends on it.
 */
export function seenBeforeStart(clock: ShipmentClock, fix: ClockFix | null): ShipmentClock {
  if (!fix || clock.beganAt !== null || !isPreciseFix(fix.accuracy)) return clock;
  const inside = clock.from !== null && isInsidePlace(clock.from, fix.lat, fix.lng);
  return { ...clock, insideFrom: inside };
}

/**
 * The passing of time alone (the tracker may be silent):
 * - Running Late once the scheduled end has passed, or before it when the predictions have put
 *   the arrival after it for LATE_AFTER_MS; a shipment that never set off is late too once its
 *   end has passed. The
 *   warning is given once: it stays Running Late until it arrives or is ended, unless its
 *   schedule changes (`onScheduleChange`).
 * - shipment-notify once, notify_at hours before the scheduled end, while that is still ahead.
 */
export function onTime(clock: ShipmentClock, now: number): ClockStep {
  if (!isOngoing(clock.status)) return unchanged(clock);
  const c = copyOf(clock);
  const events: ShipmentHappening[] = [];
  passTime(c, now, events);
  return { clock: c, events, prediction: null };
}

/** onTime's work on a clock of the caller's own (changed in place), its events added. */
function passTime(c: ShipmentClock, now: number, events: ShipmentHappening[]) {
  const notifyFrom = c.endAt - c.notifyAtHours * HOUR_MS;
  if (c.notifyAtHours > 0 && c.notifiedAt === null && now >= notifyFrom && now < c.endAt) {
    c.notifiedAt = now;
    events.push({ type: 'shipment-notify', at: now, hours: c.notifyAtHours });
  }
  if (c.status !== 'running-late') {
    const deadlinePassed = now >= c.endAt;
    const predictedLate =
      c.beganAt !== null &&
      c.estimatedEndAt !== null &&
      c.estimatedEndAt > c.endAt &&
      c.lateSince !== null &&
      now - c.lateSince >= LATE_AFTER_MS;
    if (deadlinePassed || predictedLate) {
      c.status = 'running-late';
      events.push(
        deadlinePassed
          ? { type: 'shipment-late', at: now }
          : { type: 'shipment-late', at: now, expectedLateMs: c.estimatedEndAt! - c.endAt },
      );
    }
  }
}

/** The End action: finishes an ongoing shipment at once (Completed Late after end_at). */
export function endByHand(clock: ShipmentClock, now: number): ClockStep {
  if (!isOngoing(clock.status)) return unchanged(clock);
  const late = now > clock.endAt;
  return {
    clock: { ...clock, status: late ? 'completed-late' : 'completed', endedAt: now },
    events: [{ type: 'shipment-end', at: now, late, byHand: true }],
    prediction: null,
  };
}

/**
 * After start_at, end_at or notify_at were edited (or the shipment was created): a shipment
 * late only by its old schedule is on time again (In Progress, or Not Started if it has not
 * set off), a notification moved into the future will be sent again, and then time is applied
 * to the new schedule. A finished shipment stays finished.
 */
export function onScheduleChange(clock: ShipmentClock, now: number): ClockStep {
  if (!isOngoing(clock.status)) return unchanged(clock);
  const c = copyOf(clock);
  if (c.status === 'running-late') {
    const stillLate =
      now >= c.endAt ||
      (c.beganAt !== null && c.estimatedEndAt !== null && c.estimatedEndAt > c.endAt);
    if (!stillLate) c.status = c.beganAt !== null ? 'in-progress' : 'not-started';
  }
  if (c.notifiedAt !== null && now < c.endAt - c.notifyAtHours * HOUR_MS) c.notifiedAt = null;
  if (c.estimatedEndAt === null || c.estimatedEndAt <= c.endAt) c.lateSince = null;
  return onTime(c, now);
}

/**
 * A shipment planned with a start in the past catches up on its tracker's fixes since then
 * (oldest first), exactly as the clock would have moved it, then on the time now: events keep
 * the times they happened at, and every prediction made on the way is answered too.
 */
export function catchUp(
  clock: ShipmentClock,
  fixes: readonly ClockFix[],
  now: number,
  /** The tracker's last fix before the start, if any: where it was when the shipment began. */
  before: ClockFix | null = null,
): ClockStep & { predictions: ArrivalPrediction[] } {
  let c = seenBeforeStart(clock, before);
  const events: ShipmentHappening[] = [];
  const predictions: ArrivalPrediction[] = [];
  for (const fix of fixes) {
    if (fix.time > now) break;
    const step = onFix(c, fix);
    c = step.clock;
    events.push(...step.events);
    if (step.prediction) predictions.push(step.prediction);
  }
  const present = onScheduleChange(c, now);
  return {
    clock: present.clock,
    events: [...events, ...present.events],
    prediction: predictions[predictions.length - 1] ?? null,
    predictions,
  };
}
