import type { FastifyReply } from 'fastify';
import type { ApiPosition, Stop } from '@waymark/domain';
import { mpsToMph, celsiusToFahrenheit } from '@waymark/domain';
import { csvLine, localTime } from './csv';

/** Columns of the positions CSV, in the units every screen shows (mph, °F). */
export const POSITION_COLUMNS = [
  'device',
  'time',
  'latitude',
  'longitude',
  'fix',
  'speed_mph',
  'course',
  'altitude_m',
  'accuracy_m',
  'battery_percent',
  'temperature_f',
  'humidity_percent',
  'address',
] as const;

export function positionsCsv(
  positions: readonly ApiPosition[],
  names: ReadonlyMap<number, string>,
  offsetMinutes: number,
): string {
  let out = csvLine(POSITION_COLUMNS);
  for (const p of positions) {
    out += csvLine([
      names.get(p.device_id) ?? p.device_id,
      localTime(p.timestamp, offsetMinutes),
      p.lat,
      p.lng,
      p.fix,
      p.speed === null ? null : mpsToMph(p.speed).toFixed(1),
      p.course,
      p.altitude,
      p.accuracy,
      p.battery,
      p.temperature === null ? null : celsiusToFahrenheit(p.temperature).toFixed(1),
      p.humidity,
      p.address,
    ]);
  }
  return out;
}

export function stopsCsv(
  stops: readonly Stop[],
  addresses: readonly (string | null)[],
  offsetMinutes: number,
) {
  let out = csvLine([
    'start_time',
    'end_time',
    'duration_minutes',
    'latitude',
    'longitude',
    'address',
  ]);
  stops.forEach((s, i) => {
    out += csvLine([
      localTime(s.start_time.toISOString(), offsetMinutes),
      localTime(s.end_time.toISOString(), offsetMinutes),
      Math.round((s.end_time.getTime() - s.start_time.getTime()) / 60_000),
      s.lat.toFixed(6),
      s.lng.toFixed(6),
      addresses[i],
    ]);
  });
  return out;
}

/** Sends a CSV download; the route's JSON response schema does not apply to it. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
