import type {
  AlertEvent,
  ApiFleetStop,
  ApiSummaryRow,
  ApiTrip,
  FleetTotals,
} from '@waymark/domain';
import { formatDuration } from '../format';
import type { FleetColumn } from './FleetTable';
import { formatDay, formatMiles, formatMph, formatZoneTime } from './fleetFormat';

/** The columns of each fleet report's table, with their totals over the whole range. */
const time = (iso: string) => Date.parse(iso);
const place = (address: string | null, geofence: string | null) => geofence ?? address ?? '—';

export function tripColumns(zone: string, totals: FleetTotals | undefined): FleetColumn<ApiTrip>[] {
  return [
    {
      title: 'Tracker',
      sortValue: (t) => t.device_name,
      render: (t) => t.device_name,
      total: 'Total',
    },
    {
      title: 'Start',
      sortValue: (t) => time(t.start.time),
      render: (t) => formatZoneTime(t.start.time, zone),
      total: totals ? `${totals.rows} ${totals.rows === 1 ? 'trip' : 'trips'}` : '',
    },
    {
      title: 'From',
      sortValue: (t) => place(t.start.address, t.start.geofence_name),
      render: (t) => place(t.start.address, t.start.geofence_name),
    },
    {
      title: 'End',
      sortValue: (t) => time(t.end.time),
      render: (t) => (t.ongoing ? 'Ongoing' : formatZoneTime(t.end.time, zone)),
    },
    {
      title: 'To',
      sortValue: (t) => place(t.end.address, t.end.geofence_name),
      render: (t) => place(t.end.address, t.end.geofence_name),
    },
    {
      title: 'Distance',
      numeric: true,
      sortValue: (t) => t.distance,
      render: (t) => formatMiles(t.distance),
      total: totals && formatMiles(totals.distance),
    },
    {
      title: 'Duration',
      numeric: true,
      sortValue: (t) => t.duration,
      render: (t) => formatDuration(t.duration),
      total: totals && formatDuration(totals.duration),
    },
    {
      title: 'Idle',
      numeric: true,
      sortValue: (t) => t.idle_time,
      render: (t) => formatDuration(t.idle_time),
      total: totals && formatDuration(totals.idle_time),
    },
    {
      title: 'Max speed',
      numeric: true,
      sortValue: (t) => t.max_speed,
      render: (t) => formatMph(t.max_speed),
      total: totals && formatMph(totals.max_speed),
    },
    {
      title: 'Average speed',
      numeric: true,
      sortValue: (t) => t.average_speed,
      render: (t) => formatMph(t.average_speed),
    },
  ];
}

export function stopColumns(
  zone: string,
  totals: FleetTotals | undefined,
): FleetColumn<ApiFleetStop>[] {
  return [
    {
      title: 'Tracker',
      sortValue: (s) => s.device_name,
      render: (s) => s.device_name,
      total: 'Total',
    },
    {
      title: 'Start',
      sortValue: (s) => time(s.start_time),
      render: (s) => formatZoneTime(s.start_time, zone),
      total: totals ? `${totals.rows} ${totals.rows === 1 ? 'stop' : 'stops'}` : '',
    },
    {
      title: 'End',
      sortValue: (s) => time(s.end_time),
      render: (s) => (s.ongoing ? 'Ongoing' : formatZoneTime(s.end_time, zone)),
    },
    {
      title: 'Duration',
      numeric: true,
      sortValue: (s) => s.duration,
      render: (s) => formatDuration(s.duration),
      total: totals && formatDuration(totals.duration),
    },
    {
      title: 'Place',
      sortValue: (s) => place(s.address, s.geofence_name),
      render: (s) => place(s.address, s.geofence_name),
    },
  ];
}

export function summaryColumns(totals: FleetTotals | undefined): FleetColumn<ApiSummaryRow>[] {
  return [
    {
      title: 'Tracker',
      sortValue: (r) => r.device_name,
      render: (r) => r.device_name,
      total: 'Total',
    },
    { title: 'Period', sortValue: (r) => r.period_start, render: (r) => formatDay(r.period_start) },
    {
      title: 'Distance',
      numeric: true,
      sortValue: (r) => r.distance,
      render: (r) => formatMiles(r.distance),
      total: totals && formatMiles(totals.distance),
    },
    {
      title: 'Driving',
      numeric: true,
      sortValue: (r) => r.driving_time,
      render: (r) => formatDuration(r.driving_time),
      total: totals && formatDuration(totals.driving_time),
    },
    {
      title: 'Idle',
      numeric: true,
      sortValue: (r) => r.idle_time,
      render: (r) => formatDuration(r.idle_time),
      total: totals && formatDuration(totals.idle_time),
    },
    {
      title: 'Trips',
      numeric: true,
      sortValue: (r) => r.trips,
      render: (r) => r.trips,
      total: totals?.trips,
    },
    {
      title: 'Stops',
      numeric: true,
      sortValue: (r) => r.stops,
      render: (r) => r.stops,
      total: totals?.stops,
    },
    {
      title: 'Max speed',
      numeric: true,
      sortValue: (r) => r.max_speed,
      render: (r) => formatMph(r.max_speed),
      total: totals && formatMph(totals.max_speed),
    },
  ];
}

export function eventColumns(zone: string, count: number): FleetColumn<AlertEvent>[] {
  return [
    {
      title: 'Tracker',
      sortValue: (e) => e.device.name,
      render: (e) => e.device.name,
      total: 'Total',
    },
    {
      title: 'Time',
      sortValue: (e) => time(e.created_at),
      render: (e) => formatZoneTime(e.created_at, zone),
      total: `${count} ${count === 1 ? 'event' : 'events'}`,
    },
    { title: 'Type', sortValue: (e) => e.event_type, render: (e) => e.event_type },
    { title: 'Description', sortValue: (e) => e.description, render: (e) => e.description },
  ];
}
