import type PDFDocument from 'pdfkit';
import { basemap, clipRing, mercator, overlaps, type Box } from './report-basemap';
import type { ReportForFiles } from './report-format';

type Doc = InstanceType<typeof PDFDocument>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MAP_COLOURS = {
  sea: '#cfe2f3',
  land: '#f5f3ee',
  line: '#b9b2a3',
  track: '#1f6feb',
  start: '#2da44e',
  end: '#24292f',
  stop: '#d1242f',
};

/** Points closer than this on the page (pt) add nothing a reader or printer could see. */
const RESOLUTION = 0.5;
/** The least span a map shows (mercator units, about 4 km), so one parked tracker has streets' room. */
const MIN_SPAN = 0.0001;

/** Where the map's mercator box lies on the page: the track's box, padded, to the rect's shape. */
function fit(report: ReportForFiles, rect: Rect) {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = (lng: number, lat: number) => {
    const [x, y] = mercator(lng, lat);
    box.minX = Math.min(box.minX, x);
    box.maxX = Math.max(box.maxX, x);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
  };
  for (const p of report.positions) add(p.lng, p.lat);
  for (const s of report.stops) add(s.location[0], s.location[1]);
  if (!Number.isFinite(box.minX)) return undefined;
  const spanX = Math.max((box.maxX - box.minX) * 1.15, MIN_SPAN);
  const spanY = Math.max((box.maxY - box.minY) * 1.15, MIN_SPAN);
  const scale = Math.min(rect.width / spanX, rect.height / spanY);
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  const halfX = rect.width / 2 / scale;
  const halfY = rect.height / 2 / scale;
  const visible: Box = { minX: cx - halfX, maxX: cx + halfX, minY: cy - halfY, maxY: cy + halfY };
  const toPage = (x: number, y: number): [number, number] => [
    rect.x + (x - visible.minX) * scale,
    rect.y + (y - visible.minY) * scale,
  ];
  return { visible, toPage, scale, cy };
}

const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
const METRES_PER_MILE = 1609.344;
const SCALE_MILES = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000];

/**
 * A scale bar in miles at the map's foot: the longest round distance that fits in 80 pt, at
 * the map's middle latitude (Mercator stretches the north of a tall map a little more).
 */
function scaleBar(doc: Doc, rect: Rect, scale: number, cy: number) {
  const lat = Math.atan(Math.sinh(Math.PI * (1 - 2 * cy)));
  const metresPerPt = (EARTH_CIRCUMFERENCE_M * Math.cos(lat)) / scale;
  const fits = SCALE_MILES.filter((miles) => (miles * METRES_PER_MILE) / metresPerPt <= 80);
  const miles = fits.at(-1);
  if (miles === undefined) return;
  const length = (miles * METRES_PER_MILE) / metresPerPt;
  const x = rect.x + 8;
  const y = rect.y + rect.height - 10;
  doc
    .rect(x - 4, y - 12, length + 8, 16)
    .fillOpacity(0.7)
    .fill('#ffffff')
    .fillOpacity(1);
  doc
    .moveTo(x, y - 3)
    .lineTo(x, y)
    .lineTo(x + length, y)
    .lineTo(x + length, y - 3)
    .lineWidth(0.8)
    .strokeColor('#24292f')
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(6)
    .fillColor('#24292f')
    .text(`${miles} mi`, x, y - 10, { width: length, align: 'center', lineBreak: false });
}

/**
 * Draws a polyline or ring through the points (page coordinates as x, y pairs), leaving out
 * the points within RESOLUTION of the last one drawn: a month of positions becomes the few
 * thousand segments the page can show.
 */
function path(doc: Doc, xy: ArrayLike<number>, close: boolean) {
  let lastX = NaN;
  let lastY = NaN;
  for (let i = 0; i < xy.length; i += 2) {
    const x = xy[i]!;
    const y = xy[i + 1]!;
    if (i === 0) doc.moveTo(x, y);
    else if (Math.abs(x - lastX) < RESOLUTION && Math.abs(y - lastY) < RESOLUTION) continue;
    else doc.lineTo(x, y);
    lastX = x;
    lastY = y;
  }
  if (close) doc.closePath();
}

/**
 * The report's map as vector graphics in `rect`: sea and land, borders and state lines of the
 * bundled basemap, the track, the stops (numbered as in the stops table) and start and end.
 * Answers false when the report has no place to show.
 */
export function drawReportMap(doc: Doc, report: ReportForFiles, rect: Rect): boolean {
  const frame = fit(report, rect);
  if (!frame) return false;
  const { visible, toPage, scale, cy } = frame;
  const project = (points: ArrayLike<number>) => {
    const out = new Float64Array(points.length);
    for (let i = 0; i < points.length; i += 2) {
      const [x, y] = toPage(points[i]!, points[i + 1]!);
      out[i] = x;
      out[i + 1] = y;
    }
    return out;
  };
  // Shapes are cut a little outside the frame, so no cut edge shows inside it.
  const margin = (visible.maxX - visible.minX) * 0.02;
  const cut: Box = {
    minX: visible.minX - margin,
    maxX: visible.maxX + margin,
    minY: visible.minY - margin,
    maxY: visible.maxY + margin,
  };
  const { land, lines } = basemap();

  doc.save();
  doc.rect(rect.x, rect.y, rect.width, rect.height).clip();
  doc.rect(rect.x, rect.y, rect.width, rect.height).fill(MAP_COLOURS.sea);
  for (const polygon of land) {
    if (!overlaps(polygon.box, cut)) continue;
    let drawn = false;
    for (const ring of polygon.rings) {
      if (!overlaps(ring.box, cut)) continue;
      const clipped = clipRing(ring.points, cut);
      if (clipped.length < 6) continue;
      path(doc, project(clipped), true);
      drawn = true;
    }
    if (drawn) doc.fill(MAP_COLOURS.land, 'even-odd');
  }
  doc.lineWidth(0.6).strokeColor(MAP_COLOURS.line);
  for (const line of lines) {
    if (!overlaps(line.box, cut)) continue;
    path(doc, project(line.points), false);
    doc.stroke();
  }

  const track = new Float64Array(report.positions.length * 2);
  report.positions.forEach((p, i) => {
    const [x, y] = toPage(...mercator(p.lng, p.lat));
    track[i * 2] = x;
    track[i * 2 + 1] = y;
  });
  if (report.positions.length > 1) {
    path(doc, track, false);
    doc.lineWidth(1.5).lineJoin('round').strokeColor(MAP_COLOURS.track).stroke();
  }

  doc.fontSize(5).font('Helvetica-Bold');
  report.stops.forEach((s, i) => {
    const [x, y] = toPage(...mercator(s.location[0], s.location[1]));
    doc.circle(x, y, 4.5).lineWidth(0.8).fillAndStroke(MAP_COLOURS.stop, '#ffffff');
    if (report.stops.length < 100) {
      doc.fillColor('#ffffff').text(String(i + 1), x - 5, y - 1.8, {
        width: 10,
        align: 'center',
        lineBreak: false,
      });
    }
  });
  const marker = (at: number, colour: string) => {
    const x = track[at * 2]!;
    const y = track[at * 2 + 1]!;
    doc.circle(x, y, 4).lineWidth(1.2).fillAndStroke(colour, '#ffffff');
  };
  if (report.positions.length > 0) {
    marker(0, MAP_COLOURS.start);
    marker(report.positions.length - 1, MAP_COLOURS.end);
  }
  scaleBar(doc, rect, scale, cy);
  doc.restore();
  doc.rect(rect.x, rect.y, rect.width, rect.height).lineWidth(0.5).stroke('#8c959f');
  return true;
}
