import { z } from 'zod';
import { getters, isoOfMs, rowsEnvelopeSchema, type RowsEnvelope } from '../device/device-rows';
import { POSITION_FIELDS_AFTER_TIME } from '../position/history-columns';
import type { ApiPosition } from '../position/position.schema';
import { publicReportSchema, reportDetailsSchema } from './report.schema';

/**
 * The positions a report keeps, in the compact form of the big lists (`format=rows`): one
 * value array per position under one list of field names, times as epoch milliseconds. A
 * 30-day report of a tracker every 30 s has 86,400 of them; the server keeps them in this form
 * and sends them on as they are, about a third of the objects' size and no work per position.
 */
export const REPORT_POSITION_FIELDS = ['timestamp', ...POSITION_FIELDS_AFTER_TIME] as const;

/** A report's positions in `format=rows`. */
export type ReportPositionRows = RowsEnvelope;

const withRows = { positions: rowsEnvelopeSchema.describe('format=rows: { fields, rows }') };

/** GET /accounts/{id}/reports/{id}?format=rows. */
export const reportDetailsRowsSchema = reportDetailsSchema.extend(withRows);
/** GET /public-reports/{uuid}?format=rows. */
export const publicReportRowsSchema = publicReportSchema.extend(withRows);

/** A report's positions in `format=rows` back into the objects the default form sends. */
export function decodeReportPositions(rows: ReportPositionRows, deviceId: number): ApiPosition[] {
  const field = getters(rows.fields);
  const f = Object.fromEntries(REPORT_POSITION_FIELDS.map((name) => [name, field(name)])) as Record<
    (typeof REPORT_POSITION_FIELDS)[number],
    (row: readonly unknown[]) => unknown
  >;
  return rows.rows.map((row) => {
    const lat = f.lat(row) as number;
    const lng = f.lng(row) as number;
    return {
      device_id: deviceId,
      location: [lng, lat],
      lat,
      lng,
      timestamp: isoOfMs(f.timestamp(row) as number),
      fix: f.fix(row) as ApiPosition['fix'],
      speed: f.speed(row) as number | null,
      course: f.course(row) as number | null,
      altitude: f.altitude(row) as number | null,
      accuracy: f.accuracy(row) as number | null,
      battery: f.battery(row) as number | null,
      temperature: f.temperature(row) as number | null,
      humidity: f.humidity(row) as number | null,
      odometer: f.odometer(row) as number | null,
      address: f.address(row) as string | null,
      is_inside_geofences: f.is_inside_geofences(row) === true,
    };
  });
}

/** The query of the report calls' compact form. */
export const reportFormatSchema = z
  .enum(['objects', 'rows'])
  .optional()
  .describe('rows: positions as { fields, rows } (the web app asks for it); objects: the default');
