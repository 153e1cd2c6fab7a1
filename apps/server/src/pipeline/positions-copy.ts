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
] as const;

const cell = (v: unknown) => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return `"${v.replace(/"/g, '""')}"`;
  return String(v);
};

/** Positions as COPY CSV rows in POSITION_COLUMNS order (empty unquoted cell = NULL). */
export function positionsAsCsv(positions: readonly Position[]): string {
  let out = '';
  for (const p of positions) {
    out +=
      [
        p.deviceId,
        p.fixTime.toISOString(),
        p.accountId,
        p.receivedAt.toISOString(),
        p.lat,
        p.lng,
        p.fix,
        p.speed,
        p.course,
        p.altitude,
        p.accuracy,
        p.battery,
        p.charging,
        p.temperature,
        p.humidity,
        p.odometer,
        p.address,
        p.geofenceIds.length > 0,
        p.attributes ? JSON.stringify(p.attributes) : null,
      ]
        .map(cell)
        .join(',') + '\n';
  }
  return out;
}

/**
 * Bulk-loads positions that are known to be new (demo history, benchmarks) with COPY. The live
 * pipeline uses INSERT … ON CONFLICT instead, because devices resend what was not acknowledged.
 */
export function copyPositions(database: Database, positions: readonly Position[]) {
  return database.copyCsv('positions', POSITION_COLUMNS, positionsAsCsv(positions));
}
