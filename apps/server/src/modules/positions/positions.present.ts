import { driverOf, engineHoursOf, type CurrentPosition, type Stop } from '@waymark/domain';
import type { currentPositions } from '../../db/schema';

/** A stored current position as the API sends it. */
type CurrentRow = typeof currentPositions.$inferSelect;

export function presentCurrentRow(p: CurrentRow): CurrentPosition {
  return {
    device_id: p.device_id,
    location: [p.lng, p.lat],
    lat: p.lat,
    lng: p.lng,
    timestamp: p.fix_time.toISOString(),
    fix: p.fix,
    speed: p.speed,
    course: p.course,
    altitude: p.altitude,
    accuracy: p.accuracy,
    battery: p.battery,
    temperature: p.temperature,
    humidity: p.humidity,
    odometer: p.odometer,
    address: p.address,
    is_inside_geofences: p.geofence_ids.length > 0,
    last_movement_time: p.last_movement_time?.toISOString() ?? null,
    last_movement_time_without_cell: p.last_movement_time_without_cell?.toISOString() ?? null,
    charging: p.charging,
    ignition: p.ignition,
    engine_hours: engineHoursOf(p.attributes as Record<string, unknown> | null),
    driver: driverOf(p.attributes as Record<string, unknown> | null),
  };
}

/** A stop as the stops call answers it, with its address when one is known. */
export const presentStop = (s: Stop, address: string | null | undefined) => ({
  start_time: s.start_time.toISOString(),
  end_time: s.end_time.toISOString(),
  radius: s.radius,
  location: s.location,
  address: address ?? null,
});
