import { mkdirSync, writeFileSync } from 'node:fs';

/** The bars of issue 20 ("Speed (bench/reports)"). */
export const CREATE_BAR_MS = 2_000;
export const DETAILS_BAR_MS = 1_000;
export const PDF_BAR_MS = 5_000;
export const PDF_MEMORY_BAR_MB = 300;

interface Bar {
  bar: string;
  /** The figure over the bar: below 1 is inside it. */
  ratio: number;
  met: boolean;
}

export interface Timings {
  runs: number[];
  p50: number;
  p99: number;
  max: number;
}

export interface FileRun {
  ms: number;
  bytes: number;
}

export interface ReportsFigures {
  database: 'pglite' | 'postgres';
  at: string;
  machine: { cpus: number; node: string; loadBefore: number; loadAfter: number };
  data: { days: number; positions: number; stops: number; alerts: number; seedSeconds: number };
  create: Timings & { path: string };
  details: Timings & {
    path: string;
    bytes: number;
    /** reportDetailsJson (format=rows) in the server process, without HTTP. */
    service: Timings;
    /** The same report with its positions as objects (no format), for scale. */
    objects: Timings & { path: string; bytes: number };
  };
  pdf: Timings & {
    measured: string;
    bytes: number;
    /** Resident memory before the PDF, the highest seen while making it, and the growth. */
    rssBeforeMb: number;
    rssPeakMb: number;
    addedMb: number;
  };
  xlsx: FileRun;
  csv: FileRun;
  bars: { create: Bar; details: Bar; pdf: Bar; pdfMemory: Bar };
}

const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

export function timings(runs: number[]): Timings {
  const sorted = [...runs].sort((a, b) => a - b);
  return {
    runs,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1]!,
  };
}

const under = (figure: number, bar: number, unit: string): Bar => ({
  bar: `< ${bar.toLocaleString('en-US')} ${unit}`,
  ratio: figure / bar,
  met: figure < bar,
});

/** Each bar against the worst run: a user waits for the slowest one too. */
export function bars(f: Omit<ReportsFigures, 'bars'>): ReportsFigures['bars'] {
  return {
    create: under(f.create.max, CREATE_BAR_MS, 'ms'),
    details: under(f.details.max, DETAILS_BAR_MS, 'ms'),
    pdf: under(f.pdf.max, PDF_BAR_MS, 'ms'),
    pdfMemory: under(f.pdf.addedMb, PDF_MEMORY_BAR_MB, 'MB'),
  };
}

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const ms = (v: number) => `${v.toFixed(0)} ms`;
const kb = (bytes: number) => `${n(bytes / 1024)} KB`;
const verdict = (b: Bar) => `${b.bar}: ${b.met ? 'met' : 'NOT met'} (ratio ${b.ratio.toFixed(2)})`;
const runList = (t: Timings) => t.runs.map((r) => r.toFixed(0)).join(', ');

export function printFigures(f: ReportsFigures) {
  const lines = [
    '',
    `Waymark reports — ${f.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${f.machine.cpus} CPUs, ${f.machine.node}`,
    ...(f.machine.loadBefore > 0.5
      ? [
          `WARNING  the machine is shared: other work may have slowed these figures (load average ${f.machine.loadBefore.toFixed(1)} before, ${f.machine.loadAfter.toFixed(1)} after)`,
        ]
      : []),
    `data     one tracker, ${f.data.days} days, a position every 30 s: ${n(f.data.positions)} positions, ${n(f.data.stops)} stops, ${n(f.data.alerts)} alerts; seeded in ${f.data.seedSeconds.toFixed(1)} s`,
    `create   p50 ${ms(f.create.p50)}  max ${ms(f.create.max)}   ${f.create.runs.length} reports (${runList(f.create)})   ${verdict(f.bars.create)}`,
    `         POST ${f.create.path}`,
    `details  p50 ${ms(f.details.p50)}  p99 ${ms(f.details.p99)}  max ${ms(f.details.max)}   ${f.details.runs.length} requests, ${kb(f.details.bytes)} each   ${verdict(f.bars.details)}`,
    `         GET ${f.details.path}`,
    `         of which the route's own work (reportDetailsJson, no HTTP): p50 ${ms(f.details.service.p50)}  max ${ms(f.details.service.max)} over ${f.details.service.runs.length} runs`,
    `         the objects form (no format): p50 ${ms(f.details.objects.p50)}  max ${ms(f.details.objects.max)}   ${f.details.objects.runs.length} requests, ${kb(f.details.objects.bytes)} each`,
    `PDF      p50 ${ms(f.pdf.p50)}  max ${ms(f.pdf.max)}   ${f.pdf.runs.length} runs (${runList(f.pdf)}), ${kb(f.pdf.bytes)}   ${verdict(f.bars.pdf)}`,
    `         ${f.pdf.measured}`,
    `memory   PDF peak +${n(f.pdf.addedMb)} MB over the ${n(f.pdf.rssBeforeMb)} MB resident before it (peak ${n(f.pdf.rssPeakMb)} MB, server and ${f.database === 'postgres' ? 'database client' : 'PGlite'} included)   ${verdict(f.bars.pdfMemory)}`,
    `XLSX     ${ms(f.xlsx.ms)}, ${kb(f.xlsx.bytes)}; CSV ${ms(f.csv.ms)}, ${kb(f.csv.bytes)} (positions, GET /api/reports/{id}/export)`,
    '',
    `reports: create max ${ms(f.create.max)} (bar ${n(CREATE_BAR_MS)} ms, ratio ${f.bars.create.ratio.toFixed(2)}) | details max ${ms(f.details.max)} (bar ${n(DETAILS_BAR_MS)} ms, ratio ${f.bars.details.ratio.toFixed(2)}) | PDF max ${ms(f.pdf.max)} (bar ${n(PDF_BAR_MS)} ms, ratio ${f.bars.pdf.ratio.toFixed(2)}) | PDF memory +${n(f.pdf.addedMb)} MB (bar ${PDF_MEMORY_BAR_MB} MB, ratio ${f.bars.pdfMemory.ratio.toFixed(2)})`,
    '',
  ];
  console.log(lines.join('\n'));
}

export function writeFigures(f: ReportsFigures) {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`reports-${f.database}.json`, dir);
  writeFileSync(file, JSON.stringify(f, null, 2) + '\n');
  return file.pathname;
}
