import { MPS_TO_MPH } from '../geo/geo.rules';
import type { Stop } from '../position/stop';
import { advanceOdometer, type Odometer } from '../trip/odometer.rules';
import { countTrack, SegmentOutput, type SegmentFix } from '../trip/segmentation.rules';
import { RangeDays } from '../trip/zone-days';
import type { ReportSummary } from './report.schema';

/**
 * How a saved report's figures are worked out: from the one segmentation of the tracker's
 * accepted fixes (trip/segmentation.rules.ts) that the Fleet reports read, so a report over
 * whole local days of the account says what their daily summaries and stops say.
 *
 * - A report covers [start, end). Its fixes are the tracker's accepted ones (a filtered fix,
 *   a jump, is no part of it); cell fixes are too coarse to measure by, as for the odometer.
 * - distance: the odometer's hops from the last fix before the range to the first after it: the
 *   pipeline's odometer
 *   as stored with each fix (what the trips and summaries were measured with), and for a fix
 *   stored without one (history that arrived late) the same rule (advanceOdometer: GPS jitter
 *   under 15 m is no distance). A hop across the start or the end counts by its share of time
 *   inside, as a day's does across midnight (countTrack over RangeDays).
 * - moving time: driving time, hops at 5 km/h or more (reported speed, else implied).
 * - max speed: the highest reported speed, else the hop's implied one, among the range's fixes.
 * - average speed: distance over moving time (a trip's average), 0 without moving time.
 * - stops: the tracker's stored stops that overlap the range, and the one it is in now, each
 *   whole: a stop across midnight is one stop, listed with when it really began and ended
 *   (what a reader of the report expects to see: "parked at the depot since 6:02pm").
 *   stopped time: their time inside the range, so it never exceeds the range and a range's
 *   stopped time is the sum of its days'.
 */

/** A fix of the report's range as its figures read it (the kept positions' fields). */
export interface ReportFix {
  /** Epoch ms. */
  time: number;
  lat: number;
  lng: number;
  fix: string;
  /** Reported speed, m/s. */
  speed: number | null;
  accuracy: number | null;
  /** The pipeline's odometer after this fix (metres), as stored with it; null when it has none. */
  odometer: number | null;
}

const METRES_PER_MILE = 1609.344;

/** What a report's figures are worked out from. */
export interface ReportTrack {
  /** The report's range, epoch ms: from ≤ time < to. */
  from: number;
  to: number;
  /** The accepted fixes of the range, in time order. */
  fixes: readonly ReportFix[];
  /** The last accepted fix before the range and the first after it (other than cell fixes). */
  before: ReportFix | null;
  after: ReportFix | null;
  /** The stops the range overlaps. */
  stops: readonly Stop[];
}

/** The summary figures of a report, by the rule above. */
export function reportSummary(report: ReportTrack): ReportSummary {
  const { from, to, before, after, stops } = report;
  const out = new SegmentOutput();
  // The rule's own odometer runs along too, for the hops the stored odometers do not tell.
  let rule: Odometer = { metres: 0, point: null };
  let metres = 0;
  let previous: ReportFix | null = null;
  const track: SegmentFix[] = [];
  const all = [...(before ? [before] : []), ...report.fixes, ...(after ? [after] : [])];
  for (const f of all) {
    if (f.fix === 'cell') continue;
    const next = advanceOdometer(rule, f);
    metres +=
      previous?.odometer != null && f.odometer !== null && f.odometer >= previous.odometer
        ? f.odometer - previous.odometer
        : next.metres - rule.metres;
    rule = next;
    previous = f;
    // The ignition only tells idle time from still time, which a report does not show.
    track.push({
      time: f.time,
      lat: f.lat,
      lng: f.lng,
      speed: f.speed,
      ignition: null,
      odometer: metres,
      engineHours: null,
      fuel: null,
      address: null,
      geofenceId: null,
    });
  }
  countTrack(track, new RangeDays(from, to), out);
  const inside = out.days.get(RangeDays.RANGE);
  const distance = inside?.distance ?? 0;
  const drivingS = (inside?.drivingMs ?? 0) / 1000;
  const stoppedMs = stops.reduce(
    (sum, s) =>
      sum +
      Math.max(0, Math.min(s.end_time.getTime(), to) - Math.max(s.start_time.getTime(), from)),
    0,
  );
  return {
    distance_miles: distance / METRES_PER_MILE,
    moving_seconds: drivingS,
    stopped_seconds: stoppedMs / 1000,
    stops: stops.length,
    max_mph: (inside?.maxSpeed ?? 0) * MPS_TO_MPH,
    avg_mph: drivingS > 0 ? (distance / drivingS) * MPS_TO_MPH : 0,
  };
}
