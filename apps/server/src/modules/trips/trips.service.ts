import {
  ongoingStop,
  ongoingTrip,
  type ApiFleetStop,
  type ApiSummaryRow,
  type ApiTrip,
  type FleetReportQuery,
  type SummaryQuery,
} from '@waymark/domain';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { pageMeta } from '../../http/pagination';
import { fleetRange } from './fleet-range';
import type { FleetFile } from './fleet-file';
import { stopsTable, summaryTable, tripsTable, type FleetReportKind } from './fleet-files';
import {
  presentOngoingStop,
  presentOngoingTrip,
  presentStop,
  presentSummaryRow,
  presentTrip,
} from './trips.present';
import * as q from './trips.queries';

export type { SummaryMeasure } from './trips.queries';

/**
 * The fleet reports (issue "trips"): trips, stops and daily summaries of the trackers the
 * actor sees, over local days of the account. Trips and stops are stored as they close; the
 * one a tracker is in now comes from its segmentation state and leads the first page.
 */
async function scopeOf(ctx: AppContext, actor: Actor, query: FleetQueryIn) {
  const zone = query.zone ?? (await q.accountZone(ctx.database.db, actor.accountId));
  const range = fleetRange(query, zone, new Date());
  const scope: q.ReportScope = {
    accountId: actor.accountId,
    devices: actor.devices,
    deviceIds: query.device_ids,
    groupIds: query.group_ids,
    ...range,
  };
  return scope;
}

/**
 * A report's query; `zone` counts its days in another zone than the account's (a scheduled
 * report, in its recipient's). The summary's days stay the account's stored days of the same
 * dates: daily summaries are kept per local day of the account.
 */
type FleetQueryIn = FleetReportQuery & { zone?: string };

/** Ongoing rows first, then the stored ones: the page's window over both. */
function window<T>(ongoing: T[], page: number, perPage: number) {
  const start = (page - 1) * perPage;
  const leading = ongoing.slice(start, start + perPage);
  const offset = Math.max(0, start - ongoing.length);
  return { leading, page: { limit: perPage - leading.length, offset } };
}

const meta = (total: number, query: FleetReportQuery, scope: q.ReportScope) => ({
  ...pageMeta(total, query.page, query.per_page),
  date_from: scope.dayFrom,
  date_to: scope.dayTo,
  timezone: scope.zone,
});

const within = (scope: q.ReportScope, time: number) => time >= scope.from && time < scope.to;

export async function fleetTrips(ctx: AppContext, actor: Actor, query: FleetQueryIn) {
  const { db } = ctx.database;
  const scope = await scopeOf(ctx, actor, query);
  const segments = await q.ongoingSegments(db, scope);
  const trips = segments.flatMap((s) => {
    const trip = s.segment ? ongoingTrip(s.segment) : null;
    return trip && within(scope, trip.start.time) ? [{ device: s, trip }] : [];
  });
  const names = await q.geofenceNames(
    db,
    trips.flatMap(({ trip }) => [trip.start.geofenceId, trip.end.geofenceId]).filter(isId),
  );
  const ongoing: ApiTrip[] = trips.map(({ device, trip }) =>
    presentOngoingTrip(device, trip, names),
  );
  const { leading, page } = window(ongoing, query.page, query.per_page);
  const [rows, stored] = await Promise.all([
    page.limit > 0 ? q.tripRows(db, scope, page) : [],
    q.tripTotals(db, scope),
  ]);
  const total = stored.rows + ongoing.length;
  return {
    data: [...leading, ...rows.map(presentTrip)],
    meta: meta(total, query, scope),
    totals: {
      rows: total,
      distance: stored.distance + sum(ongoing, (t) => t.distance),
      duration: stored.duration + sum(ongoing, (t) => t.duration),
      driving_time: stored.driving_time + sum(ongoing, (t) => t.driving_time),
      idle_time: stored.idle_time + sum(ongoing, (t) => t.idle_time),
      max_speed: maxOf([stored.max_speed, ...ongoing.map((t) => t.max_speed)]),
      stops: 0,
      trips: total,
    },
  };
}

export async function fleetStops(ctx: AppContext, actor: Actor, query: FleetQueryIn) {
  const { db } = ctx.database;
  const scope = await scopeOf(ctx, actor, query);
  const segments = await q.ongoingSegments(db, scope);
  const stops = segments.flatMap((s) => {
    const stop = s.segment ? ongoingStop(s.segment) : null;
    return stop && within(scope, stop.start.time) ? [{ device: s, stop }] : [];
  });
  const names = await q.geofenceNames(
    db,
    stops.map(({ stop }) => stop.start.geofenceId).filter(isId),
  );
  const ongoing: ApiFleetStop[] = stops.map(({ device, stop }) =>
    presentOngoingStop(device, stop, names),
  );
  const { leading, page } = window(ongoing, query.page, query.per_page);
  const [rows, stored] = await Promise.all([
    page.limit > 0 ? q.stopRows(db, scope, page) : [],
    q.stopTotals(db, scope),
  ]);
  const total = stored.rows + ongoing.length;
  return {
    data: [...leading, ...rows.map(presentStop)],
    meta: meta(total, query, scope),
    totals: {
      rows: total,
      distance: 0,
      duration: stored.duration + sum(ongoing, (s) => s.duration),
      driving_time: 0,
      idle_time: 0,
      max_speed: null,
      stops: total,
      trips: 0,
    },
  };
}

export async function fleetSummary(
  ctx: AppContext,
  actor: Actor,
  query: SummaryQuery & { zone?: string },
) {
  const { db } = ctx.database;
  const scope = await scopeOf(ctx, actor, query);
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [rows, totals] = await Promise.all([
    q.summaryRows(db, scope, query.period, page),
    q.summaryTotals(db, scope),
  ]);
  const data: ApiSummaryRow[] = rows.map(presentSummaryRow);
  // The total is on every row; a page past the end has none, so count the groups then.
  const total = rows[0]?.total ?? (query.page > 1 ? await countSummaryRows(ctx, scope, query) : 0);
  return {
    data,
    meta: meta(total, query, scope),
    totals: {
      rows: total,
      distance: totals.distance,
      duration: totals.driving_time + totals.idle_time,
      driving_time: totals.driving_time,
      idle_time: totals.idle_time,
      max_speed: totals.max_speed,
      stops: totals.stops,
      trips: totals.trips,
    },
  };
}

async function countSummaryRows(ctx: AppContext, scope: q.ReportScope, query: SummaryQuery) {
  const [first] = await q.summaryRows(ctx.database.db, scope, query.period, {
    limit: 1,
    offset: 0,
  });
  return first?.total ?? 0;
}

const isId = (id: number | null): id is number => id !== null;
const sum = <T>(items: T[], pick: (item: T) => number) =>
  items.reduce((total, item) => total + pick(item), 0);
const maxOf = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.max(...known) : null;
};

/** A file holds the whole range: every row, one page as large as a report can be. */
const FILE_ROWS = 1_000_000;

/** The whole range of a fleet report as the table its CSV, XLSX and PDF are made from. */
export async function fleetReportFile(
  ctx: AppContext,
  actor: Actor,
  kind: FleetReportKind,
  query: FleetQueryIn & { period?: SummaryQuery['period'] },
): Promise<FleetFile> {
  const all = { ...query, page: 1, per_page: FILE_ROWS, period: query.period ?? 'day' };
  const report =
    kind === 'trips'
      ? await fleetTrips(ctx, actor, all).then((r) => ({
          ...r,
          table: tripsTable(r.data, r.totals, r.meta.timezone),
        }))
      : kind === 'stops'
        ? await fleetStops(ctx, actor, all).then((r) => ({
            ...r,
            table: stopsTable(r.data, r.totals, r.meta.timezone),
          }))
        : await fleetSummary(ctx, actor, all).then((r) => ({
            ...r,
            table: summaryTable(r.data, r.totals, r.meta.timezone),
          }));
  return {
    kind,
    table: report.table,
    dayFrom: report.meta.date_from,
    dayTo: report.meta.date_to,
    zone: report.meta.timezone,
  };
}

/** The account's zone (IANA name), whose local days the reports and Scout's "yesterday" count. */
export function accountZoneOf(ctx: AppContext, actor: Actor): Promise<string> {
  return q.accountZone(ctx.database.db, actor.accountId);
}

/** One figure of the range's daily summaries per tracker (and per day with `byDay`), for Scout. */
export async function summaryTotalsByTracker(
  ctx: AppContext,
  actor: Actor,
  query: { date_from: string; date_to: string; device_ids?: number[] },
  measure: q.SummaryMeasure,
  byDay = false,
) {
  const scope = await scopeOf(ctx, actor, { ...query, page: 1, per_page: 1 });
  return q.summaryByTracker(ctx.database.db, scope, measure, byDay);
}

/**
 * How many trips or stops each tracker started in the range's local days, counted as the
 * trips and stops lists count them (a trip over midnight is the day's it started), for Scout.
 */
export async function startedByTracker(
  ctx: AppContext,
  actor: Actor,
  query: { date_from: string; date_to: string; device_ids?: number[] },
  kind: 'trips' | 'stops',
) {
  const scope = await scopeOf(ctx, actor, { ...query, page: 1, per_page: 1 });
  return q.startedByTracker(ctx.database.db, scope, kind);
}
