import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';
import {
  decodeReportPositions,
  REPORT_POSITION_FIELDS,
  type ApiPosition,
  type ReportPositionRows,
} from '@waymark/domain';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * How a report keeps its positions: a value array per position in the order of REPORT_POSITION_FIELDS (times
 * as epoch milliseconds), as JSON `{ fields, rows }`, gzipped and base64-encoded into one text
 * value. Measured with 86,400 positions on PGlite: the plain text (11 MB) took 1.3 s to write
 * (TOAST compresses it inside the database) against 0.1 s for gzip and the 3 MB text, and a
 * bytea parameter travels as hex, slower still; on PostgreSQL both are fast. The details
 * call's `format=rows` sends the text on as it is (`positionsText`).
 */
export type PositionRow = [
  number,
  number,
  number,
  ApiPosition['fix'],
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  boolean,
];

/** What the include_* flags leave out of the kept positions. */
export interface PositionFlags {
  include_sensors: boolean;
  include_geofence_name: boolean;
}

/** The rows without what the flags leave out (sensors null, geofence flags false). */
export function withoutLeftOut(rows: PositionRow[], flags: PositionFlags): PositionRow[] {
  if (flags.include_sensors && flags.include_geofence_name) return rows;
  return rows.map((r) => {
    const copy = [...r] as PositionRow;
    if (!flags.include_sensors) copy[8] = copy[9] = copy[10] = null;
    if (!flags.include_geofence_name) copy[13] = false;
    return copy;
  });
}

/** The stored value of rows given as JSON text (`[[...], ...]`). */
export async function packPositions(rowsJson: string): Promise<string> {
  const json = `{"fields":${JSON.stringify(REPORT_POSITION_FIELDS)},"rows":${rowsJson}}`;
  const packed = await gzipAsync(Buffer.from(json), { level: constants.Z_BEST_SPEED });
  return packed.toString('base64');
}

/** The kept positions as their stored JSON text, `{ fields, rows }` (format=rows). */
export async function positionsText(stored: string): Promise<string> {
  return (await gunzipAsync(Buffer.from(stored, 'base64'))).toString();
}

/** The kept positions as the API's objects, oldest first. */
export async function decodePositions(stored: string, deviceId: number): Promise<ApiPosition[]> {
  const rows = JSON.parse(await positionsText(stored)) as ReportPositionRows;
  return decodeReportPositions(rows, deviceId);
}
