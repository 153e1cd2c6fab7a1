import type { Database } from '../db/client';
import type { Position } from './position';

export const POSITION_COLUMNS = [
  'device_id',
  'fix_time',
  'account_id',
  'received_at',
  'lat',
  'lng',
  'fix',
  'speed',
  'course',
  'altitude',
  'accuracy',
  'battery',
  'charging',
  'temperature',
  'humidity',
  'odometer',
  'address',
  'is_inside_geofences',
  'attributes',
  'filter_reason',
  'ignition',
] as const;

/** A CSV cell: empty and unquoted is NULL; text is quoted with its quotes doubled. */
const cell = (v: string | number | boolean | null) => {
  if (v === null) return '';
  if (typeof v === 'string') return v.includes('"') ? `"${v.replace(/"/g, '""')}"` : `"${v}"`;
  return String(v);
};

/**
 * Positions as COPY CSV rows in POSITION_COLUMNS order. Written as one concatenation per row:
 * the live pipeline builds this for every batch, and an array per row was garbage-collector
 * work at tens of thousands of rows a second.
 */
export function positionsAsCsv(positions: readonly Position[]): string {
  // A batch repeats its times (one receipt time, devices reporting on the same second), and
  // toISOString is the dearest part of a row.
  const isoOf = new Map<number, string>();
  const iso = (date: Date) => {
    const ms = date.getTime();
    let text = isoOf.get(ms);
    if (text === undefined) isoOf.set(ms, (text = date.toISOString()));
    return text;
  };
  let out = '';
  for (const p of positions) {
    out +=
      `${p.deviceId},${iso(p.fixTime)},${p.accountId},${iso(p.receivedAt)},` +
      `${p.lat},${p.lng},${cell(p.fix)},${cell(p.speed)},${cell(p.course)},${cell(p.altitude)},` +
      `${cell(p.accuracy)},${cell(p.battery)},${cell(p.charging)},${cell(p.temperature)},` +
      `${cell(p.humidity)},${cell(p.odometer)},${cell(p.address)},${p.geofenceIds.length > 0},` +
      `${p.attributes ? cell(JSON.stringify(p.attributes)) : ''},${p.filterReason ?? ''},${cell(p.ignition)}\n`;
  }
  return out;
}

/** Bulk-loads positions that are known to be new (demo history, benchmarks) with COPY. */
export function copyPositions(database: Database, positions: readonly Position[]) {
  return database.copyCsv('positions', POSITION_COLUMNS, positionsAsCsv(positions));
}
