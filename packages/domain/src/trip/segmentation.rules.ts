import { distanceMetres } from '../geo/geo.rules';
import { splitOverDays, type DayCalendar } from './zone-days';

/**
 * The one segmentation of a tracker's accepted fixes into trips and stops, and the daily
 * summaries that come with it. Everything that shows a trip, a stop, a daily distance or an
 * idle time reads what this produces: the pipeline runs it as fixes arrive, the demo seed and
 * rebuilds after late fixes run it over stored history, and a saved report measures its range
 * with `countTrack`, the part of it that keeps the daily distance, driving time and top speed.
 *
 * The motion a trip is made of is the ignition when the device reports one, else speed (the
 * reported speed, or the speed implied by the distance from the previous fix). As in Traccar's
 * trips report, a change of motion is only a candidate until it lasts: a trip starts once the
 * tracker has gone `minTripMetres` from where motion began, and ends once it has been still
 * for `minStopMs` (a shorter halt is idle time within the trip). No data for `maxGapMs` ends a
 * trip where the data stopped.
 */
export interface SegmentSettings {
  minStopMs: number;
  minTripMetres: number;
  /** At or above this (m/s) a tracker is driving. */
  movingSpeedMps: number;
  maxGapMs: number;
}

export const DEFAULT_SEGMENT_SETTINGS: SegmentSettings = {
  minStopMs: 5 * 60_000,
  minTripMetres: 300,
  movingSpeedMps: 5 / 3.6,
  maxGapMs: 60 * 60_000,
};

/** One accepted fix, in time order, as the segmentation reads it. */
export interface SegmentFix {
  /** Epoch ms. */
  time: number;
  lat: number;
  lng: number;
  /** Reported speed, m/s. */
  speed: number | null;
  ignition: boolean | null;
  /** The pipeline's odometer after this fix, metres: distances are its differences. */
  odometer: number;
  /** Cumulative engine hours the device reports. */
  engineHours: number | null;
  /** Fuel level the device reports (litres). */
  fuel: number | null;
  address: string | null;
  geofenceId: number | null;
}

/** Where and when a trip or stop begins or ends. */
export interface SegmentPoint {
  time: number;
  lat: number;
  lng: number;
  odometer: number;
  engineHours: number | null;
  address: string | null;
  geofenceId: number | null;
}

export interface TripTotals {
  drivingMs: number;
  idleMs: number;
  /** m/s */
  maxSpeed: number;
}

export interface Trip extends TripTotals {
  start: SegmentPoint;
  end: SegmentPoint;
  /** Metres. */
  distance: number;
  durationMs: number;
  /** Distance over driving time, m/s. */
  averageSpeed: number;
  /** Engine hours within, where the device reports them. */
  engineHours: number | null;
}

export interface SegmentStop {
  start: SegmentPoint;
  end: SegmentPoint;
  durationMs: number;
}

/** What one local day of one tracker adds up to. */
export interface DayTotals {
  day: string;
  /** Metres. */
  distance: number;
  drivingMs: number;
  idleMs: number;
  stops: number;
  /** Trips that began that day, counted as they close (an ongoing one is not yet). */
  trips: number;
  /** m/s, null until a fix of the day had a speed. */
  maxSpeed: number | null;
  /** Epoch ms; null for a day that only an interval crossing midnight reached. */
  firstFix: number | null;
  lastFix: number | null;
  engineHours: number;
  fuelUsed: number;
  /** Fixes the position filter refused that day (they move nothing else). */
  filtered: number;
}

/** A change of motion that has not lasted long enough to count yet. */
interface Candidate {
  at: SegmentPoint;
  /** Last moving fix (a candidate trip is dropped once still for minStopMs after it). */
  lastMoving: number;
  drivingMs: number;
  maxSpeed: number;
  /** A candidate trip: the engine's idle time before it drove off (a warm-up), the trip's. */
  idleMs: number;
  /** A candidate stop: the still time so far, which becomes idle if the trip goes on. */
  stillMs: number;
  stillByDay: Record<string, number>;
}

/** What the segmentation remembers of one tracker between fixes (JSON, stored with it). */
export interface SegmentState {
  last: SegmentFix;
  phase: 'stop' | 'trip';
  since: SegmentPoint;
  trip: TripTotals;
  candidate: Candidate | null;
  /** The current stop has been counted in its day's stop count. */
  stopCounted: boolean;
}

/** Trips and stops that closed, and each day's additions, from a run over some fixes. */
export class SegmentOutput {
  readonly trips: Trip[] = [];
  readonly stops: SegmentStop[] = [];
  readonly days = new Map<string, DayTotals>();

  day(day: string): DayTotals {
    let totals = this.days.get(day);
    if (!totals) {
      totals = {
        day,
        distance: 0,
        drivingMs: 0,
        idleMs: 0,
        stops: 0,
        trips: 0,
        maxSpeed: null,
        firstFix: null,
        lastFix: null,
        engineHours: 0,
        fuelUsed: 0,
        filtered: 0,
      };
      this.days.set(day, totals);
    }
    return totals;
  }
}

const pointOf = (fix: SegmentFix): SegmentPoint => ({
  time: fix.time,
  lat: fix.lat,
  lng: fix.lng,
  odometer: fix.odometer,
  engineHours: fix.engineHours,
  address: fix.address,
  geofenceId: fix.geofenceId,
});

const noTrip = (): TripTotals => ({ drivingMs: 0, idleMs: 0, maxSpeed: 0 });

/**
 * Advances one tracker's segmentation by one fix newer than its state, writing what closed
 * and what its days gained into `out`. Answers the new state; `state` is not changed.
 */
export function advanceSegment(
  state: SegmentState | null,
  fix: SegmentFix,
  days: DayCalendar,
  out: SegmentOutput,
  settings: SegmentSettings = DEFAULT_SEGMENT_SETTINGS,
): SegmentState {
  if (!state) return firstFix(fix, days, out, settings);
  const last = state.last;
  if (fix.time <= last.time) return state;
  const { dt, gap, driving, idling, moving, speed } = countHop(last, fix, days, out, settings);

  let next: SegmentState = { ...state, last: fix };
  if (gap) next = endOnGap(next, last, days, out);
  return next.phase === 'stop'
    ? stillPhase(
        next,
        fix,
        { previous: last, dt, gap, driving, idling, moving, speed },
        days,
        out,
        settings,
      )
    : tripPhase(
        next,
        fix,
        { previous: last, dt, driving, idling, moving, speed },
        days,
        out,
        settings,
      );
}

/** What one hop, from the previous fix to this one, says of motion. */
interface Hop {
  dt: number;
  /** The reported speed, else the one implied by the hop (m/s). */
  speed: number;
  driving: boolean;
  /** Not driving with the engine on at both ends of the hop: idle time. */
  idling: boolean;
  /** The ignition when reported, else driving. */
  moving: boolean;
  /** No data for maxGapMs before this fix. */
  gap: boolean;
}

/**
 * What a fix newer than `last` adds to the totals of its days whatever the trips and stops
 * make of it: its own figures (first and last fix, top speed, engine hours, fuel), the hop's
 * distance (the odometer's difference, split over the days by time; across a gap, all to the
 * day data resumed) and its driving time, or idle time with the ignition on at both ends.
 */
function countHop(
  last: SegmentFix,
  fix: SegmentFix,
  days: DayCalendar,
  out: SegmentOutput,
  settings: SegmentSettings,
): Hop {
  const dt = fix.time - last.time;
  const implied = distanceMetres(last.lat, last.lng, fix.lat, fix.lng) / (dt / 1000);
  const speed = fix.speed ?? implied;
  const driving = speed >= settings.movingSpeedMps;
  const moving = fix.ignition ?? driving;
  // Idling is the engine running while standing, so the ignition must have been on since the
  // previous fix too: the hop from the last fix with it off to a trip's first with it on (the
  // engine just started) is the parked time before the start, and counting it as idle made a
  // day's idle time that time, or 0 where the seed's thinning had dropped that first fix.
  const idling = !driving && fix.ignition === true && last.ignition === true;
  const gap = dt > settings.maxGapMs;
  countFix(fix, last, speed, days, out);
  const hop = fix.odometer - last.odometer;
  const range = days.rangeOf(last.time);
  // Across a gap nothing says when the distance was covered: it goes to the day data resumed.
  if (gap) out.day(days.dayOf(fix.time)).distance += hop;
  else if (fix.time <= range.end) {
    // Within one day, as nearly every hop is: the split below without its closures.
    const totals = out.day(range.day);
    totals.distance += hop;
    if (driving) totals.drivingMs += dt;
    else if (idling) totals.idleMs += dt;
  } else {
    splitOverDays(days, last.time, fix.time, (day, share) => {
      out.day(day).distance += hop * share;
    });
    if (driving) addTime(days, out, last.time, fix.time, 'drivingMs');
    else if (idling) addTime(days, out, last.time, fix.time, 'idleMs');
  }
  return { dt, speed, driving, idling, moving, gap };
}

/**
 * The totals of a run of accepted fixes (time order, the first counted as a tracker's first)
 * that do not depend on trips and stops: distance, driving and idle time, top speed, first and
 * last fix, engine hours and fuel, over `days`. The figures the segmentation adds to the daily
 * summaries, and with RangeDays those of any range (a saved report): the same arithmetic, so
 * a report over whole local days says what their summaries say.
 */
export function countTrack(
  fixes: readonly SegmentFix[],
  days: DayCalendar,
  out: SegmentOutput,
  settings: SegmentSettings = DEFAULT_SEGMENT_SETTINGS,
): void {
  let last: SegmentFix | null = null;
  for (const fix of fixes) {
    if (!last) countFix(fix, null, fix.speed, days, out);
    else if (fix.time > last.time) countHop(last, fix, days, out, settings);
    else continue;
    last = fix;
  }
}

function firstFix(
  fix: SegmentFix,
  days: DayCalendar,
  out: SegmentOutput,
  settings: SegmentSettings,
): SegmentState {
  countFix(fix, null, fix.speed, days, out);
  const moving = fix.ignition ?? (fix.speed ?? 0) >= settings.movingSpeedMps;
  return {
    last: fix,
    phase: 'stop',
    since: pointOf(fix),
    trip: noTrip(),
    candidate: moving ? candidateAt(pointOf(fix), fix.time) : null,
    stopCounted: false,
  };
}

function candidateAt(at: SegmentPoint, lastMoving: number): Candidate {
  return { at, lastMoving, drivingMs: 0, maxSpeed: 0, idleMs: 0, stillMs: 0, stillByDay: {} };
}

interface Step {
  previous: SegmentFix;
  dt: number;
  driving: boolean;
  idling: boolean;
  moving: boolean;
  speed: number;
}

/** Stopped: motion that takes the tracker minTripMetres away starts a trip. */
function stillPhase(
  state: SegmentState,
  fix: SegmentFix,
  step: Step & { gap: boolean },
  days: DayCalendar,
  out: SegmentOutput,
  settings: SegmentSettings,
): SegmentState {
  let candidate = state.candidate;
  if (step.moving) {
    // Where it was parked, if that was a moment ago: the first hop is part of the drive.
    const from = step.gap || step.dt > settings.minStopMs ? fix : step.previous;
    candidate = candidate
      ? { ...candidate, lastMoving: fix.time }
      : candidateAt(pointOf(from), fix.time);
    if (step.driving && !step.gap) candidate.drivingMs += step.dt;
    // A warm-up before driving off is the trip's idle time, as the day's summary counts it.
    else if (step.idling && !step.gap) candidate.idleMs += step.dt;
    candidate.maxSpeed = Math.max(candidate.maxSpeed, step.speed);
    if (fix.odometer - candidate.at.odometer >= settings.minTripMetres) {
      closeStop(state.since, candidate.at, out, settings);
      return {
        ...state,
        phase: 'trip',
        since: candidate.at,
        trip: {
          drivingMs: candidate.drivingMs,
          idleMs: candidate.idleMs,
          maxSpeed: candidate.maxSpeed,
        },
        candidate: null,
        stopCounted: false,
      };
    }
  } else if (candidate && fix.time - candidate.lastMoving >= settings.minStopMs) {
    candidate = null;
  }
  const next = { ...state, candidate };
  const stillUntil = candidate ? candidate.at.time : fix.time;
  if (!next.stopCounted && stillUntil - state.since.time >= settings.minStopMs) {
    out.day(days.dayOf(state.since.time)).stops++;
    next.stopCounted = true;
  }
  return next;
}

/** Driving: stillness that lasts minStopMs ends the trip where it began. */
function tripPhase(
  state: SegmentState,
  fix: SegmentFix,
  step: Step,
  days: DayCalendar,
  out: SegmentOutput,
  settings: SegmentSettings,
): SegmentState {
  const trip = { ...state.trip, maxSpeed: Math.max(state.trip.maxSpeed, step.speed) };
  let candidate = state.candidate;
  if (step.driving) trip.drivingMs += step.dt;
  else if (step.idling) trip.idleMs += step.dt;

  if (step.moving) {
    if (candidate) {
      // The halt was idle time within the trip (with an ignition, an engine off is not idle).
      if (fix.ignition === null) {
        trip.idleMs += candidate.stillMs;
        for (const [day, ms] of Object.entries(candidate.stillByDay)) out.day(day).idleMs += ms;
      }
      candidate = null;
    }
    return { ...state, trip, candidate };
  }

  candidate = candidate
    ? { ...candidate, stillByDay: { ...candidate.stillByDay } }
    : candidateAt(pointOf(fix), step.previous.time);
  if (!step.driving && fix.ignition !== true) {
    candidate.stillMs += step.dt;
    splitOverDays(days, fix.time - step.dt, fix.time, (day, _share, ms) => {
      candidate!.stillByDay[day] = (candidate!.stillByDay[day] ?? 0) + ms;
    });
  }
  if (fix.time - candidate.at.time >= settings.minStopMs) {
    closeTrip(state.since, candidate.at, trip, out);
    out.day(days.dayOf(state.since.time)).trips++;
    out.day(days.dayOf(candidate.at.time)).stops++;
    return {
      ...state,
      phase: 'stop',
      since: candidate.at,
      trip: noTrip(),
      candidate: null,
      stopCounted: true,
    };
  }
  return { ...state, trip, candidate };
}

/** No data for maxGapMs: a trip ends where the data stopped; a candidate trip is dropped. */
function endOnGap(
  state: SegmentState,
  last: SegmentFix,
  days: DayCalendar,
  out: SegmentOutput,
): SegmentState {
  if (state.phase === 'stop') return { ...state, candidate: null };
  const end = state.candidate?.at ?? pointOf(last);
  closeTrip(state.since, end, state.trip, out);
  out.day(days.dayOf(state.since.time)).trips++;
  out.day(days.dayOf(end.time)).stops++;
  return {
    ...state,
    phase: 'stop',
    since: end,
    trip: noTrip(),
    candidate: null,
    stopCounted: true,
  };
}

function closeTrip(start: SegmentPoint, end: SegmentPoint, totals: TripTotals, out: SegmentOutput) {
  const distance = Math.max(0, end.odometer - start.odometer);
  // The trip's distance over its whole duration: over driving time alone, a trip of sparse
  // fixes (the seed's thinned history, a device reporting every few minutes) counted a few
  // fast hops as its only driving and showed an average above its own max speed.
  const seconds = (end.time - start.time) / 1000;
  out.trips.push({
    start,
    end,
    distance,
    durationMs: end.time - start.time,
    drivingMs: totals.drivingMs,
    idleMs: totals.idleMs,
    maxSpeed: totals.maxSpeed,
    averageSpeed: seconds > 0 ? distance / seconds : 0,
    engineHours:
      start.engineHours !== null && end.engineHours !== null
        ? Math.max(0, end.engineHours - start.engineHours)
        : null,
  });
}

function closeStop(
  start: SegmentPoint,
  end: SegmentPoint,
  out: SegmentOutput,
  settings: SegmentSettings,
) {
  // The stretch before a tracker's first trip is a stop only if it lasted like one.
  if (end.time - start.time >= settings.minStopMs)
    out.stops.push({ start, end, durationMs: end.time - start.time });
}

function addTime(
  days: DayCalendar,
  out: SegmentOutput,
  from: number,
  to: number,
  field: 'drivingMs' | 'idleMs',
) {
  splitOverDays(days, from, to, (day, _share, ms) => {
    out.day(day)[field] += ms;
  });
}

/** A fix's own additions to its day: first and last fix, top speed, engine hours and fuel. */
function countFix(
  fix: SegmentFix,
  previous: SegmentFix | null,
  speed: number | null,
  days: DayCalendar,
  out: SegmentOutput,
) {
  const totals = out.day(days.dayOf(fix.time));
  totals.firstFix = Math.min(totals.firstFix ?? fix.time, fix.time);
  totals.lastFix = Math.max(totals.lastFix ?? fix.time, fix.time);
  if (speed !== null && (fix.speed !== null || previous))
    totals.maxSpeed = Math.max(totals.maxSpeed ?? 0, speed);
  if (!previous) return;
  if (fix.engineHours !== null && previous.engineHours !== null) {
    const hours = fix.engineHours - previous.engineHours;
    // A reset or a jump is not running time.
    if (hours > 0 && hours * 3_600_000 <= fix.time - previous.time + 60_000)
      totals.engineHours += hours;
  }
  if (fix.fuel !== null && previous.fuel !== null && fix.fuel < previous.fuel)
    totals.fuelUsed += previous.fuel - fix.fuel;
}

/**
 * The state of a tracker that came to a stop at `fix` and has been counted as stopped: where a
 * rebuild of its trips restarts (the start of a stored stop), as the run that closed the trip
 * before it left the state.
 */
export function stoppedAt(fix: SegmentFix): SegmentState {
  return {
    last: fix,
    phase: 'stop',
    since: pointOf(fix),
    trip: noTrip(),
    candidate: null,
    stopCounted: true,
  };
}

/** The ongoing trip of a tracker, if it is driving now (not yet stored). */
export function ongoingTrip(state: SegmentState): Trip | null {
  if (state.phase !== 'trip') return null;
  const out = new SegmentOutput();
  closeTrip(state.since, state.candidate?.at ?? pointOf(state.last), state.trip, out);
  return out.trips[0]!;
}

/** The ongoing stop of a tracker, if it is stopped now. */
export function ongoingStop(state: SegmentState): SegmentStop | null {
  if (state.phase !== 'stop') return null;
  const end = pointOf(state.last);
  return { start: state.since, end, durationMs: end.time - state.since.time };
}
