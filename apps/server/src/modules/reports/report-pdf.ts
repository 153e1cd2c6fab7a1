import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { duration, reportTime, summaryFigures, type ReportForFiles } from './report-format';
import { drawReportMap, MAP_COLOURS } from './report-map';

type Doc = InstanceType<typeof PDFDocument>;

export interface ReportPdfOptions {
  /** The viewer's offset east of UTC, in minutes: every time is written in their clock. */
  offsetMinutes: number;
  /** Where the app is served, for the public link. */
  appUrl: string;
  /** When the file is made; the clock in tests. */
  now?: Date;
}

export const MARGIN = 40;
export const TEXT = '#24292f';
export const MUTED = '#57606a';

/**
 * The PDF of a saved report (issue 20): a title block with tracker, range and when it was
 * made, the map of the track over the bundled basemap, the summary figures, the stops and
 * alerts tables with addresses, and 'Page N of M' on every page. Pages are held until the end
 * for their numbers (a few kB each); the map is drawn at the page's resolution, so a month of
 * positions costs no more than a day.
 */
export function writeReportPdf(report: ReportForFiles, options: ReportPdfOptions): Readable {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${report.device.name} report`, Creator: 'Waymark' },
  });
  const at = (iso: string) => reportTime(iso, options.offsetMinutes);
  const width = doc.page.width - 2 * MARGIN;

  doc.font('Helvetica-Bold').fontSize(18).fillColor(TEXT).text(report.device.name);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(`${at(report.start_at)} – ${at(report.end_at)}`);
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text(`Generated ${at((options.now ?? new Date()).toISOString())}`);
  if (report.is_public !== false) {
    doc.text(`Public link: ${new URL(`/reports/view/${report.uuid}`, options.appUrl).href}`);
  }
  doc.moveDown();

  const mapRect = { x: MARGIN, y: doc.y, width, height: 300 };
  if (drawReportMap(doc, report, mapRect)) {
    doc.y = mapRect.y + mapRect.height + 4;
    legend(doc);
  } else {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('No positions for this date range');
  }

  doc.moveDown();
  summary(doc, report, width);

  heading(doc, 'Stops');
  table(
    doc,
    [
      { title: '#', width: 24 },
      { title: 'Time', width: 150 },
      { title: 'Duration', width: 60 },
      { title: 'Address', width: width - 234 },
    ],
    report.stops.map((s, i) => [
      String(i + 1),
      at(s.start_time),
      duration((Date.parse(s.end_time) - Date.parse(s.start_time)) / 1000),
      s.address ?? '',
    ]),
    'No stops for this date range',
  );

  heading(doc, 'Alerts');
  table(
    doc,
    [
      { title: 'Time', width: 150 },
      { title: 'Description', width: 130 },
      { title: 'Type', width: 80 },
      { title: 'Address', width: width - 360 },
    ],
    report.events.map((e) => [at(e.created_at), e.description, e.event_type, e.address ?? '']),
    'No alerts for this date range',
  );

  numberPages(doc);
  doc.end();
  return doc;
}

function legend(doc: Doc) {
  const y = doc.y + 4;
  let x = MARGIN;
  doc.font('Helvetica').fontSize(7);
  for (const [label, colour] of [
    ['Start', MAP_COLOURS.start],
    ['End', MAP_COLOURS.end],
    ['Stop', MAP_COLOURS.stop],
  ] as const) {
    doc.circle(x + 3, y, 3).fill(colour);
    doc.fillColor(MUTED).text(label, x + 9, y - 3, { lineBreak: false });
    x += 48;
  }
  doc.fillColor(MUTED).text('Basemap: Natural Earth, US Census', MARGIN, y - 3, {
    width: doc.page.width - 2 * MARGIN,
    align: 'right',
    lineBreak: false,
  });
  doc.x = MARGIN;
  doc.y = y + 8;
}

/** The six figures as three columns of two, as the details page shows them. */
function summary(doc: Doc, report: ReportForFiles, width: number) {
  heading(doc, 'Summary');
  const figures = summaryFigures(report.summary);
  const column = width / 3;
  const top = doc.y;
  figures.forEach(([label, value], i) => {
    const x = MARGIN + (i % 3) * column;
    const y = top + Math.floor(i / 3) * 30;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(label, x, y, { width: column });
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(TEXT)
      .text(value, x, y + 10, { width: column });
  });
  doc.x = MARGIN;
  doc.y = top + 60;
}

export function heading(doc: Doc, title: string) {
  if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
  doc.moveDown(0.8);
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(TEXT).text(title);
  doc.moveDown(0.3);
}

export interface Column {
  title: string;
  width: number;
}

const CELL_PADDING = 3;

/** Rows that do not fit on the page go to the next, under the column titles again. */
export function table(doc: Doc, columns: Column[], rows: string[][], empty: string) {
  if (rows.length === 0) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(empty);
    return;
  }
  const bottom = doc.page.height - MARGIN - 16;
  const drawRow = (cells: string[], bold: boolean) => {
    const font = () => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    font();
    const height =
      Math.max(
        ...cells.map((c, i) =>
          doc.heightOfString(c, { width: columns[i]!.width - CELL_PADDING * 2 }),
        ),
      ) +
      CELL_PADDING * 2;
    if (doc.y + height > bottom) {
      doc.addPage();
      if (!bold)
        drawRow(
          columns.map((c) => c.title),
          true,
        );
      // The titles just drawn left their bold font on the document.
      font();
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const w = columns[i]!.width;
      doc.fillColor(bold ? TEXT : '#32383f').text(cell, x + CELL_PADDING, y + CELL_PADDING, {
        width: w - CELL_PADDING * 2,
      });
      x += w;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(x, y + height)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor('#d0d7de')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  drawRow(
    columns.map((c) => c.title),
    true,
  );
  for (const row of rows) drawRow(row, false);
}

/** 'Page N of M' at the foot of every page, once the number of pages is known. */
export function numberPages(doc: Doc) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin must not start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Page ${i - start + 1} of ${count}`, MARGIN, doc.page.height - MARGIN + 12, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.flushPages();
}
