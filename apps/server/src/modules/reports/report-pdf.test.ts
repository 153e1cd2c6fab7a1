import { buffer } from 'node:stream/consumers';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, it } from 'vitest';
import { fixtureReport } from './report-files.fixture';
import { MAP_COLOURS } from './report-map';
import { writeReportPdf } from './report-pdf';

const options = {
  // US Central summer: 14:00 UTC reads 9:00am.
  offsetMinutes: -300,
  appUrl: 'https://waymark.test',
  now: new Date('2026-03-04T18:30:00Z'),
};

/** The text of each page, as a reader copying it out of the PDF would get it. */
async function pdfText(data: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await pdf.destroy();
  return pages;
}

it('names the tracker and the range, and gives the summary figures and the stops', async () => {
  const report = fixtureReport({ positions: 240, stops: 3, events: 2 });
  const data = await buffer(writeReportPdf(report, options));
  expect(data.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = await pdfText(data);
  const text = pages.join('\n');
  expect(pages[0]).toContain('Truck 12');
  expect(pages[0]).toContain('Mon, Mar 2nd, 2026 9:00am – Mon, Mar 2nd, 2026 10:59am');
  expect(text).toContain('Generated Wed, Mar 4th, 2026 1:30pm');
  for (const figure of [
    'Distance',
    'Moving time',
    'Stopped time',
    'Maximum speed',
    'Average speed',
  ]) {
    expect(text).toContain(figure);
  }
  expect(text).toContain(`${report.summary.distance_miles.toFixed(1)} mi`);
  expect(text).toContain('30.0 mph');
  expect(text).toContain('Stop 2, 201 Elm Street, Dallas, TX');
  expect(text).toContain('Battery below 20%');
  expect(text).toContain('Public link: https://waymark.test/reports/view/' + report.uuid);
  expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
  expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
});

/** What the first page paints: the colours it fills and strokes with, and how many images. */
async function firstPagePaint(data: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const { fnArray, argsArray } = await (await pdf.getPage(1)).getOperatorList();
  await pdf.destroy();
  const colours = (op: number) =>
    new Set(fnArray.flatMap((fn, i) => (fn === op ? [String(argsArray[i][0])] : [])));
  const imageOps = [OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject];
  return {
    fills: colours(OPS.setFillRGBColor),
    strokes: colours(OPS.setStrokeRGBColor),
    images: fnArray.filter((fn) => imageOps.includes(fn)).length,
  };
}

it('draws the track as vector paths over the bundled basemap, with no tile images', async () => {
  const paint = await firstPagePaint(
    await buffer(writeReportPdf(fixtureReport({ positions: 240, stops: 3 }), options)),
  );
  expect(paint.images).toBe(0);
  // Sea, land and the state lines and borders of the bundled basemap, then the track on them.
  expect(paint.fills).toContain(MAP_COLOURS.sea);
  expect(paint.fills).toContain(MAP_COLOURS.land);
  expect(paint.strokes).toContain(MAP_COLOURS.line);
  expect(paint.strokes).toContain(MAP_COLOURS.track);
  expect(paint.fills).toContain(MAP_COLOURS.start);
  expect(paint.fills).toContain(MAP_COLOURS.stop);

  const empty = await firstPagePaint(
    await buffer(writeReportPdf(fixtureReport({ positions: 0 }), options)),
  );
  expect(empty.strokes).not.toContain(MAP_COLOURS.track);
  expect(empty.fills).not.toContain(MAP_COLOURS.land);
});

it('says so when the range has no positions, stops or alerts', async () => {
  const report = fixtureReport({ positions: 0 });
  const text = (await pdfText(await buffer(writeReportPdf(report, options)))).join('\n');
  expect(text).toContain('No positions for this date range');
  expect(text).toContain('No stops for this date range');
  expect(text).toContain('No alerts for this date range');
  expect(text).toContain('Page 1 of 1');
});

it('continues the tables on further pages, each numbered', async () => {
  const few = await pdfText(
    await buffer(writeReportPdf(fixtureReport({ positions: 2000, stops: 5 }), options)),
  );
  const many = await pdfText(
    await buffer(
      writeReportPdf(fixtureReport({ positions: 2000, stops: 150, events: 60 }), options),
    ),
  );
  expect(many.length).toBeGreaterThan(few.length + 2);
  many.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${many.length}`));
  // The stops table's titles again at the top of the pages it continues on.
  expect(many[2]).toMatch(/^# Time Duration Address|Time Description Type Address/);
  expect(many.join('\n')).toContain('Stop 150, 349 Elm Street, Dallas, TX');
});

/** Each page's text pieces with the font each is set in ('Helvetica', 'Helvetica-Bold'). */
async function pdfFonts(data: Buffer): Promise<{ str: string; font: string }[][]> {
  const pdf = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const pages: { str: string; font: string }[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    // The operator list loads the page's fonts, so their names can be read.
    await page.getOperatorList();
    const content = await page.getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        'str' in item && item.str.trim()
          ? [{ str: item.str, font: (page.commonObjs.get(item.fontName) as { name: string }).name }]
          : [],
      ),
    );
  }
  await pdf.destroy();
  return pages;
}

it('prints the rows continued on a new page in the rows’ font, only the titles in bold', async () => {
  const pages = await pdfFonts(
    await buffer(
      writeReportPdf(fixtureReport({ positions: 2000, stops: 150, events: 60 }), options),
    ),
  );
  expect(pages.length).toBeGreaterThan(2);
  const cells = pages.flat().filter((p) => /^Stop \d+, |^Battery below /.test(p.str));
  expect(cells.length).toBe(150 + 60);
  expect(cells.filter((c) => c.font !== 'Helvetica')).toEqual([]);
  // The column titles on the pages the tables continue on stay bold.
  for (const page of pages.slice(1)) {
    const titles = page.filter((p) => p.str === 'Address');
    for (const title of titles) expect(title.font).toBe('Helvetica-Bold');
  }
});
