import {
  REPORT_MAX_POSITIONS,
  REPORT_MESSAGES,
  reportSummary,
  type ReportCreate,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { invalidField } from '../../errors/domain-error';
import { stopsOf } from '../positions/stops.queries';
import { presentReportEvent, presentReportStop } from './reports.present';
import { fixBeside, rangeEvents, rangePositionRows, type ReportInsert } from './reports.queries';
import { packPositions, withoutLeftOut, type PositionRow } from './reports.snapshot';

type Snapshot = Pick<
  ReportInsert,
  'positions' | 'positions_count' | 'stops' | 'events' | 'summary'
>;

/**
 * What a new report keeps of its range [start_at, end_at): the positions (unless
 * include_positions is off; sensors and geofence flags as include_sensors and
 * include_geofence_name say), the alerts (include_alerts), and always the stops and the figures.
 * The stops are the tracker's stored ones that overlap the range (the one segmentation the
 * Fleet reports and the tracker details read, never found again from the fixes), and the
 * figures come from the same segmentation's arithmetic over every accepted fix of the range
 * (reportSummary, whose rule is in report-summary.ts). Only what the tracker recorded in this
 * account is read, its accepted fixes only (a filtered jump is no part of a report).
 */
export async function captureSnapshot(
  ctx: AppContext,
  accountId: number,
  deviceId: number,
  body: ReportCreate,
): Promise<Snapshot> {
  const { db } = ctx.database;
  const range = { from: body.start_at, to: body.end_at };
  const [track, before, after, stops, eventRows] = await Promise.all([
    rangePositionRows(db, accountId, deviceId, range, REPORT_MAX_POSITIONS + 1),
    fixBeside(db, accountId, deviceId, range.from, 'before'),
    fixBeside(db, accountId, deviceId, range.to, 'after'),
    stopsOf(db, deviceId, range.from, range.to, accountId),
    body.include_alerts ? rangeEvents(db, accountId, deviceId, range) : [],
  ]);
  if (track.count > REPORT_MAX_POSITIONS) {
    throw invalidField('end_at', REPORT_MESSAGES.tooManyPositions(REPORT_MAX_POSITIONS));
  }
  const rows = JSON.parse(track.json) as PositionRow[];
  const fixes = rows.map((r) => ({
    time: r[0],
    lat: r[1],
    lng: r[2],
    fix: r[3],
    speed: r[4],
    accuracy: r[7],
    odometer: r[11],
  }));
  const [stopAddresses, eventAddresses] = await Promise.all([
    Promise.all(stops.map((s) => s.address ?? ctx.addresses.lookup(s.lat, s.lng))),
    Promise.all(
      eventRows.map((e) =>
        e.lat === null || e.lng === null ? null : ctx.addresses.lookup(e.lat, e.lng),
      ),
    ),
  ]);
  const kept = !body.include_positions
    ? '[]'
    : body.include_sensors && body.include_geofence_name
      ? track.json
      : JSON.stringify(withoutLeftOut(rows, body));
  return {
    positions: await packPositions(kept),
    positions_count: body.include_positions ? rows.length : 0,
    stops: stops.map((s, i) => presentReportStop(s, stopAddresses[i] ?? null)),
    events: eventRows.map((e, i) => presentReportEvent(e, eventAddresses[i] ?? null)),
    summary: reportSummary({
      from: range.from.getTime(),
      to: range.to.getTime(),
      fixes,
      before,
      after,
      stops,
    }),
  };
}
