import type {
  ApiFleetStop,
  ApiSummaryRow,
  ApiTrip,
  SegmentPoint,
  SegmentStop,
  Trip,
} from '@waymark/domain';
import type { StopRow, SummaryRow, TripRow } from './trips.queries';

/** Raw SQL answers timestamps as strings on PGlite and Dates on node-postgres. */
const isoOf = (value: Date | string) => new Date(value).toISOString();

/** Rows of the fleet reports as the API answers them (metres, m/s, seconds, ISO times). */
export function presentTrip(row: TripRow): ApiTrip {
  return {
    id: row.id,
    device_id: row.device_id,
    device_name: row.device_name,
    ongoing: false,
    start: {
      time: isoOf(row.start_time),
      lat: row.start_lat,
      lng: row.start_lng,
      address: row.start_address,
      geofence_id: row.start_geofence_id,
      geofence_name: row.start_geofence_name,
      odometer: row.start_odometer,
    },
    end: {
      time: isoOf(row.end_time),
      lat: row.end_lat,
      lng: row.end_lng,
      address: row.end_address,
      geofence_id: row.end_geofence_id,
      geofence_name: row.end_geofence_name,
      odometer: row.end_odometer,
    },
    distance: row.distance,
    duration: row.duration_s,
    driving_time: row.driving_s,
    idle_time: row.idle_s,
    max_speed: row.max_speed,
    average_speed: row.average_speed,
    engine_hours: row.engine_hours,
  };
}

const place = (point: SegmentPoint, names: Map<number, string>) => ({
  time: new Date(point.time).toISOString(),
  lat: point.lat,
  lng: point.lng,
  address: point.address,
  geofence_id: point.geofenceId,
  geofence_name: point.geofenceId === null ? null : (names.get(point.geofenceId) ?? null),
  odometer: point.odometer,
});

/** The trip a tracker is on now, from its segmentation state (not stored until it ends). */
export function presentOngoingTrip(
  device: { device_id: number; device_name: string },
  trip: Trip,
  names: Map<number, string>,
): ApiTrip {
  return {
    id: null,
    device_id: device.device_id,
    device_name: device.device_name,
    ongoing: true,
    start: place(trip.start, names),
    end: place(trip.end, names),
    distance: trip.distance,
    duration: Math.round(trip.durationMs / 1000),
    driving_time: Math.round(trip.drivingMs / 1000),
    idle_time: Math.round(trip.idleMs / 1000),
    max_speed: trip.maxSpeed,
    average_speed: trip.averageSpeed,
    engine_hours: trip.engineHours,
  };
}

export function presentStop(row: StopRow): ApiFleetStop {
  return {
    id: row.id,
    device_id: row.device_id,
    device_name: row.device_name,
    ongoing: false,
    start_time: isoOf(row.start_time),
    end_time: isoOf(row.end_time),
    duration: row.duration_s,
    lat: row.lat,
    lng: row.lng,
    address: row.address,
    geofence_id: row.geofence_id,
    geofence_name: row.geofence_name,
  };
}

export function presentOngoingStop(
  device: { device_id: number; device_name: string },
  stop: SegmentStop,
  names: Map<number, string>,
): ApiFleetStop {
  const start = place(stop.start, names);
  return {
    id: null,
    device_id: device.device_id,
    device_name: device.device_name,
    ongoing: true,
    start_time: start.time,
    end_time: new Date(stop.end.time).toISOString(),
    duration: Math.round(stop.durationMs / 1000),
    lat: start.lat,
    lng: start.lng,
    address: start.address,
    geofence_id: start.geofence_id,
    geofence_name: start.geofence_name,
  };
}

export function presentSummaryRow(row: SummaryRow): ApiSummaryRow {
  return {
    device_id: row.device_id,
    device_name: row.device_name,
    period_start: row.period_start,
    distance: row.distance,
    driving_time: Math.round(row.driving_s),
    idle_time: Math.round(row.idle_s),
    stops: row.stops,
    trips: row.trips,
    max_speed: row.max_speed,
    first_fix: row.first_fix ? isoOf(row.first_fix) : null,
    last_fix: row.last_fix ? isoOf(row.last_fix) : null,
    engine_hours: row.engine_hours,
    fuel_used: row.fuel_used,
    filtered: row.filtered,
  };
}
