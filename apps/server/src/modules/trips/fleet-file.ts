import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { duration } from '../reports/report-format';
import { heading, MARGIN, MUTED, numberPages, table, TEXT } from '../reports/report-pdf';
import { CONTENT_TYPES } from '../reports/report-sheets';
import { csvLine } from '../positions/csv';
import type { FleetCell, FleetReportKind, FleetTable } from './fleet-files';

export const FLEET_FILE_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type FleetFileFormat = (typeof FLEET_FILE_FORMATS)[number];

export interface FleetFile {
  kind: FleetReportKind;
  table: FleetTable;
  dayFrom: string;
  dayTo: string;
  zone: string;
}

/** A local clock time as text: '2026-11-10 09:00:00'. */
const clockText = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const csvCellOf = (cell: FleetCell) => (cell instanceof Date ? clockText(cell) : cell);

function csvOf(file: FleetFile): string {
  let out = csvLine(file.table.columns.map((c) => c.key));
  for (const row of file.table.rows) out += csvLine(row.map(csvCellOf));
  return out + csvLine(file.table.totals.map(csvCellOf));
}

async function xlsxOf(file: FleetFile): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Waymark';
  const sheet = workbook.addWorksheet(file.table.title);
  sheet.columns = file.table.columns.map((c) => ({
    header: c.key,
    key: c.key,
    width: Math.round(c.share * 20),
    // Excel has no zones: the local clock is written as it reads, the header names the zone.
    ...(c.key.includes('(') ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  for (const row of file.table.rows) sheet.addRow(row);
  sheet.addRow(file.table.totals).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Text of a PDF cell: clock times without seconds, durations as people read them. */
function pdfText(cell: FleetCell, key: string): string {
  if (cell === null) return '';
  if (cell instanceof Date) return clockText(cell).slice(0, 16);
  if (typeof cell === 'number' && key.endsWith('_min')) return duration(cell * 60);
  return String(cell);
}

function pdfOf(file: FleetFile): Readable {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Fleet ${file.kind}`, Creator: 'Waymark' },
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(18).fillColor(TEXT).text(`Fleet report: ${file.table.title}`);
  doc.font('Helvetica').fontSize(11).text(`${file.dayFrom} – ${file.dayTo}`);
  doc.fontSize(8).fillColor(MUTED).text(`Times in ${file.zone}; distances in miles, speeds in mph`);
  const shares = file.table.columns.reduce((sum, c) => sum + c.share, 0);
  const columns = file.table.columns.map((c) => ({
    title: c.title,
    width: (c.share / shares) * width,
  }));
  const keys = file.table.columns.map((c) => c.key);
  heading(doc, file.table.title);
  const rows = [...file.table.rows, file.table.totals].map((row) =>
    row.map((cell, i) => pdfText(cell, keys[i]!)),
  );
  table(doc, columns, file.table.rows.length === 0 ? [] : rows, 'Nothing in this date range');
  numberPages(doc);
  doc.end();
  return doc;
}

/** `trips-2026-11-09-2026-11-13.csv`: what the file holds and its local days. */
export const fleetFileName = (file: FleetFile, format: FleetFileFormat) =>
  `${file.kind}-${file.dayFrom}-${file.dayTo}.${format}`;

/** The file's bytes, for a mail's attachment (a scheduled report). */
export async function fleetFileBuffer(file: FleetFile, format: FleetFileFormat): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(csvOf(file));
  if (format === 'xlsx') return xlsxOf(file);
  const chunks: Buffer[] = [];
  for await (const chunk of pdfOf(file)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Sends the file as a download; the route's JSON response schema does not apply to it. */
export async function sendFleetFile(reply: FastifyReply, file: FleetFile, format: FleetFileFormat) {
  const body =
    format === 'csv' ? csvOf(file) : format === 'xlsx' ? await xlsxOf(file) : pdfOf(file);
  return reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${fleetFileName(file, format)}"`)
    .send(body);
}
