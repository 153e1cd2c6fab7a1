import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { celsiusToFahrenheit, mpsToMph } from '@waymark/domain';
import { csvLine, localTime } from '../positions/csv';
import { shifted, type ReportForFiles } from './report-format';

export const SHEET_TYPES = ['positions', 'events'] as const;
export type SheetType = (typeof SHEET_TYPES)[number];
export const SHEET_FORMATS = ['csv', 'xlsx'] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** One cell of a row: an instant (shown in the viewer's time), a number, text or nothing. */
type Cell = { at: string } | number | string | null;

interface Sheet {
  columns: string[];
  rows(): Iterable<Cell[]>;
}

/** The columns and rows of each spreadsheet, in the units every screen shows (mph, °F). */
function sheetOf(report: ReportForFiles, type: SheetType): Sheet {
  if (type === 'events') {
    return {
      columns: ['time', 'description', 'event_type', 'address'],
      *rows() {
        for (const e of report.events) {
          yield [{ at: e.created_at }, e.description, e.event_type, e.address];
        }
      },
    };
  }
  const sensors = report.include_sensors ?? true;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    columns: [
      'time',
      'latitude',
      'longitude',
      'address',
      'speed_mph',
      'battery_percent',
      ...(sensors ? ['temperature_f', 'humidity_percent'] : []),
    ],
    *rows() {
      for (const p of report.positions) {
        const row: Cell[] = [
          { at: p.timestamp },
          p.lat,
          p.lng,
          p.address,
          p.speed === null ? null : round(mpsToMph(p.speed)),
          p.battery,
        ];
        if (sensors) {
          row.push(p.temperature === null ? null : round(celsiusToFahrenheit(p.temperature)));
          row.push(p.humidity);
        }
        yield row;
      }
    },
  };
}

/**
 * A report's positions or alerts as a spreadsheet, streamed: CSV through the positions CSV's
 * cell rules, XLSX through exceljs's streaming writer, so a month of positions never sits in
 * memory as one workbook. `eastMinutes` is the viewer's offset east of UTC.
 */
export function reportSheet(
  report: ReportForFiles,
  type: SheetType,
  format: SheetFormat,
  eastMinutes: number,
): Readable {
  const sheet = sheetOf(report, type);
  return format === 'csv' ? csvStream(sheet, eastMinutes) : xlsxStream(sheet, type, eastMinutes);
}

function csvStream(sheet: Sheet, eastMinutes: number): Readable {
  return Readable.from(
    (function* () {
      yield csvLine(sheet.columns);
      for (const row of sheet.rows()) {
        // localTime takes minutes west, as getTimezoneOffset() gives them.
        yield csvLine(row.map((c) => (isInstant(c) ? localTime(c.at, -eastMinutes) : c)));
      }
    })(),
  );
}

function xlsxStream(sheet: Sheet, type: SheetType, eastMinutes: number): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const worksheet = workbook.addWorksheet(type === 'events' ? 'Alerts' : 'Positions');
  worksheet.columns = sheet.columns.map((header) => ({
    header,
    key: header,
    width: header === 'address' || header === 'description' ? 48 : 20,
    ...(header === 'time' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  (async () => {
    for (const row of sheet.rows()) {
      // A Date shifted to the viewer's clock: Excel has no zones and shows it as written.
      worksheet.addRow(row.map((c) => (isInstant(c) ? shifted(c.at, eastMinutes) : c))).commit();
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

function isInstant(cell: Cell): cell is { at: string } {
  return typeof cell === 'object' && cell !== null;
}
