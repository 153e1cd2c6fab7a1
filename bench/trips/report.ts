import { mkdirSync, writeFileSync } from 'node:fs';
import type { BuildFigures } from './build';

/** Issue 36's bars ("Speed"): report p95 by database, and the seed's build. */
export const REPORT_P95_BAR_MS = { postgres: 500, pglite: 1_000 } as const;
export const BUILD_BAR_S = 60;

export interface CallTimings {
  path: string;
  rows: number;
  p50: number;
  p95: number;
  max: number;
  /** The same figures' bare SQL over the same rows, p95 (the baseline of the ratio). */
  bareP95: number;
}

export interface TripsFigures {
  database: 'pglite' | 'postgres';
  at: string;
  machine: { cpus: number; node: string; loadBefore: number; loadAfter: number };
  build: BuildFigures;
  summary: CallTimings;
  summaryByMonth: CallTimings;
  trips: CallTimings;
  bars: Record<string, { bar: string; figure: number; ratio: number; met: boolean }>;
}

const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

export function timingsOf(runs: readonly number[]) {
  const sorted = [...runs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1)! };
}

export function bars(f: Omit<TripsFigures, 'bars'>): TripsFigures['bars'] {
  const reportBar = REPORT_P95_BAR_MS[f.database];
  const under = (figure: number, bar: number, unit: string) => ({
    bar: `< ${bar} ${unit}`,
    figure,
    ratio: figure / bar,
    met: figure < bar,
  });
  return {
    summaryP95: under(f.summary.p95, reportBar, 'ms'),
    summaryByMonthP95: under(f.summaryByMonth.p95, reportBar, 'ms'),
    tripsP95: under(f.trips.p95, reportBar, 'ms'),
    build: under(f.build.buildSeconds, BUILD_BAR_S, 's'),
  };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

export function printFigures(f: TripsFigures) {
  const b = f.build;
  const lines = [
    `database ${f.database}, ${f.machine.cpus} cores, load ${f.machine.loadBefore.toFixed(1)} → ${f.machine.loadAfter.toFixed(1)}`,
    `build: ${b.trackers.toLocaleString('en-US')} trackers × ${b.days} days, ${b.fixes.toLocaleString('en-US')} fixes → ${b.trips.toLocaleString('en-US')} trips, ${b.stops.toLocaleString('en-US')} stops, ${b.summaryDays.toLocaleString('en-US')} tracker-days`,
    `  segment ${b.segmentSeconds.toFixed(1)} s + write ${b.writeSeconds.toFixed(1)} s = ${b.buildSeconds.toFixed(1)} s (generating the histories: ${b.generateSeconds.toFixed(1)} s, not counted)`,
  ];
  for (const [name, c] of [
    ['summary by day', f.summary],
    ['summary by month', f.summaryByMonth],
    ['trips, one tracker', f.trips],
  ] as const) {
    lines.push(
      `${name}: ${c.path} (${c.rows} rows) p50 ${ms(c.p50)} p95 ${ms(c.p95)} max ${ms(c.max)}; bare SQL p95 ${ms(c.bareP95)}, ratio ${(c.p95 / c.bareP95).toFixed(2)}×`,
    );
  }
  for (const [name, bar] of Object.entries(f.bars)) {
    lines.push(
      `bar ${name} ${bar.bar}: ${bar.figure.toFixed(1)} (${bar.ratio.toFixed(2)} of the bar) ${bar.met ? 'met' : 'NOT met'}`,
    );
  }
  for (const line of lines) console.log(`[bench:trips] ${line}`);
}

export function writeFigures(f: TripsFigures) {
  mkdirSync('bench/results', { recursive: true });
  const path = `bench/results/trips-${f.database}.json`;
  writeFileSync(path, `${JSON.stringify(f, null, 2)}\n`);
  return path;
}
