import type { ApiFleetStop, ApiSummaryRow, ApiTrip, FleetTotals } from '@waymark/domain';
import { mpsToMph } from '@waymark/domain';

/**
 * The fleet reports as tables for their files (CSV, XLSX, PDF): the units every screen shows
 * (miles, mph, spec 000 §9; there is no per-user unit setting) and times in the account's
 * zone, which the time columns name. One table serves the three formats, so they agree.
 */
export type FleetReportKind = 'trips' | 'stops' | 'summary';

/** A cell: a local clock time (a Date whose UTC fields read as the zone's clock), a number, text. */
export type FleetCell = Date | number | string | null;

export interface FleetColumn {
  /** The CSV/XLSX header. */
  key: string;
  /** The PDF's column title and its share of the page width. */
  title: string;
  share: number;
}

export interface FleetTable {
  title: string;
  columns: FleetColumn[];
  rows: FleetCell[][];
  /** The totals of the whole range, under the rows. */
  totals: FleetCell[];
}

const METRES_PER_MILE = 1609.344;
const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};
export const miles = (metres: number) => round(metres / METRES_PER_MILE, 2);
export const mph = (mps: number | null) => (mps === null ? null : round(mpsToMph(mps), 1));
export const minutes = (seconds: number) => round(seconds / 60, 1);

/** Reads instants as the clock of a zone shows them. */
export function zoneClock(zone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (iso: string | null): Date | null => {
    if (iso === null) return null;
    const p: Record<string, string> = {};
    for (const part of format.formatToParts(new Date(iso))) p[part.type] = part.value;
    return new Date(Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!));
  };
}

const totalLabel = (rows: number, what: string) =>
  `Total (${rows} ${what}${rows === 1 ? '' : 's'})`;

const column = (key: string, title: string, share: number): FleetColumn => ({ key, title, share });
const timeColumn = (key: string, title: string, zone: string) =>
  column(`${key} (${zone})`, title, 1.4);

export function tripsTable(trips: ApiTrip[], totals: FleetTotals, zone: string): FleetTable {
  const at = zoneClock(zone);
  return {
    title: 'Trips',
    columns: [
      column('tracker', 'Tracker', 1),
      timeColumn('start_time', 'Start', zone),
      column('start_address', 'From', 1.6),
      timeColumn('end_time', 'End', zone),
      column('end_address', 'To', 1.6),
      column('distance_mi', 'Distance (mi)', 0.7),
      column('duration_min', 'Duration (min)', 0.7),
      column('driving_min', 'Driving (min)', 0.7),
      column('idle_min', 'Idle (min)', 0.6),
      column('max_speed_mph', 'Max (mph)', 0.6),
      column('average_speed_mph', 'Avg (mph)', 0.6),
    ],
    rows: trips.map((t) => [
      t.device_name,
      at(t.start.time),
      t.start.geofence_name ?? t.start.address,
      at(t.end.time),
      t.end.geofence_name ?? t.end.address,
      miles(t.distance),
      minutes(t.duration),
      minutes(t.driving_time),
      minutes(t.idle_time),
      mph(t.max_speed),
      mph(t.average_speed),
    ]),
    totals: [
      totalLabel(totals.rows, 'trip'),
      null,
      null,
      null,
      null,
      miles(totals.distance),
      minutes(totals.duration),
      minutes(totals.driving_time),
      minutes(totals.idle_time),
      mph(totals.max_speed),
      null,
    ],
  };
}

export function stopsTable(stops: ApiFleetStop[], totals: FleetTotals, zone: string): FleetTable {
  const at = zoneClock(zone);
  return {
    title: 'Stops',
    columns: [
      column('tracker', 'Tracker', 1),
      timeColumn('start_time', 'Start', zone),
      timeColumn('end_time', 'End', zone),
      column('duration_min', 'Duration (min)', 0.7),
      column('place', 'Place', 2.2),
      column('latitude', 'Latitude', 0.7),
      column('longitude', 'Longitude', 0.7),
    ],
    rows: stops.map((s) => [
      s.device_name,
      at(s.start_time),
      at(s.end_time),
      minutes(s.duration),
      s.geofence_name ?? s.address,
      round(s.lat, 6),
      round(s.lng, 6),
    ]),
    totals: [
      totalLabel(totals.rows, 'stop'),
      null,
      null,
      minutes(totals.duration),
      null,
      null,
      null,
    ],
  };
}

export function summaryTable(rows: ApiSummaryRow[], totals: FleetTotals, zone: string): FleetTable {
  const at = zoneClock(zone);
  return {
    title: 'Summary',
    columns: [
      column('tracker', 'Tracker', 1),
      column('period_start', 'Period', 0.8),
      column('distance_mi', 'Distance (mi)', 0.7),
      column('driving_min', 'Driving (min)', 0.7),
      column('idle_min', 'Idle (min)', 0.6),
      column('trips', 'Trips', 0.4),
      column('stops', 'Stops', 0.4),
      column('max_speed_mph', 'Max (mph)', 0.6),
      timeColumn('first_fix', 'First fix', zone),
      timeColumn('last_fix', 'Last fix', zone),
    ],
    rows: rows.map((r) => [
      r.device_name,
      r.period_start,
      miles(r.distance),
      minutes(r.driving_time),
      minutes(r.idle_time),
      r.trips,
      r.stops,
      mph(r.max_speed),
      at(r.first_fix),
      at(r.last_fix),
    ]),
    totals: [
      'Total',
      null,
      miles(totals.distance),
      minutes(totals.driving_time),
      minutes(totals.idle_time),
      totals.trips,
      totals.stops,
      mph(totals.max_speed),
      null,
      null,
    ],
  };
}
