import {
  advanceSegment,
  cellSegmentFix,
  engineHoursOf,
  SegmentOutput,
  ZoneDays,
  type SegmentFix,
} from '@waymark/domain';
import type { DeviceState, Position } from '../position';

/**
 * Step 4b, trips: each accepted fix advances its tracker's segmentation into trips, stops and
 * daily summaries (packages/domain trip/segmentation.rules). Cell fixes are too coarse to
 * measure a trip by (as for the odometer): they go in at the previous fix's place, carrying
 * only their time, ignition and engine figures (trip/cell-fix.rules).
 */
export class TripOutputs {
  /** What each tracker's fixes of the batch closed and added, by device. */
  readonly byDevice = new Map<number, { accountId: number; out: SegmentOutput }>();

  of(deviceId: number, accountId: number): SegmentOutput {
    let entry = this.byDevice.get(deviceId);
    if (!entry) {
      entry = { accountId, out: new SegmentOutput() };
      this.byDevice.set(deviceId, entry);
    }
    return entry.out;
  }
}

/** One ZoneDays per zone, kept across batches (each remembers the day it last answered). */
export class ZoneDaysCache {
  private readonly zones = new Map<string, ZoneDays>();

  of(zone: string): ZoneDays {
    let days = this.zones.get(zone);
    if (!days) {
      days = new ZoneDays(zone);
      this.zones.set(zone, days);
    }
    return days;
  }
}

const numberOr = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The fix as the segmentation reads it; `odometer` is the motion step's, after this fix. */
export function segmentFix(position: Position, odometer: number): SegmentFix {
  return {
    time: position.fixTime.getTime(),
    lat: position.lat,
    lng: position.lng,
    speed: position.speed,
    ignition: position.ignition,
    odometer,
    engineHours: engineHoursOf(position.attributes),
    fuel: numberOr(position.attributes?.fuel),
    address: position.address,
    geofenceId: position.geofenceIds[0] ?? null,
  };
}

/**
 * The fix as the segmentation reads it after `previous` (the segmentation's last fix): a cell
 * fix stands at `previous`, and before any other fix it has nowhere to stand (null).
 */
export function segmentFixAfter(
  previous: SegmentFix | null,
  position: Position,
  odometer: number,
): SegmentFix | null {
  if (position.fix !== 'cell') return segmentFix(position, odometer);
  return previous && cellSegmentFix(previous, segmentFix(position, odometer));
}

/**
 * Advances the tracker's trips by its newest accepted fix. A fix that may still prove a jump
 * away and straight back (`tentative`) waits as `segmentPending` and goes in with the next fix
 * that keeps it; a fix the filter takes back never reaches the trips (the state it returns to
 * carries the segmentation from before it).
 */
export function applyTrips(
  state: Pick<DeviceState, 'segment' | 'segmentPending'>,
  position: Position,
  tentative: boolean,
  days: ZoneDays,
  outputs: TripOutputs,
): Pick<DeviceState, 'segment' | 'segmentPending'> {
  const out = outputs.of(position.deviceId, position.accountId);
  let segment = state.segment;
  if (state.segmentPending) segment = advanceSegment(segment, state.segmentPending, days, out);
  const fix = segmentFixAfter(segment?.last ?? null, position, position.odometer ?? 0);
  if (!fix) return { segment, segmentPending: null };
  if (tentative) return { segment, segmentPending: fix };
  return { segment: advanceSegment(segment, fix, days, out), segmentPending: null };
}

/** A filtered fix counts in its day's summary, and nowhere else. */
export function countFiltered(position: Position, days: ZoneDays, outputs: TripOutputs) {
  const out = outputs.of(position.deviceId, position.accountId);
  out.day(days.dayOf(position.fixTime.getTime())).filtered++;
}
