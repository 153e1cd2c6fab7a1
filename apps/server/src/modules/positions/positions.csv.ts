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

/** A time in UTC marked so ('2026-11-20T08:10:00Z'): what format=zulu asks for. */
const zuluTime = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/**
 * The stops as a spreadsheet: times in UTC with their 'Z' when `times` is 'zulu' (the
 * spec's format=zulu), else on the caller's clock (`offsetMinutes`, minutes west of UTC).
 */
export function stopsCsv(
  stops: readonly Stop[],
  addresses: readonly (string | null)[],
  times: { zulu: boolean; offsetMinutes: number },
) {
  const at = (date: Date) =>
    times.zulu ? zuluTime(date) : localTime(date.toISOString(), times.offsetMinutes);
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
      at(s.start_time),
      at(s.end_time),
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
