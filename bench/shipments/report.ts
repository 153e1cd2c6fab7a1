import { mkdirSync, writeFileSync } from 'node:fs';
import type { LatencyFigures } from '../dwell/latency';
import type { AccuracyFigures } from './accuracy';
import type { PhaseFigures } from './feed';

/** The bars of the issue ("Speed"). */
export const THROUGHPUT_DROP_BAR = 0.15;
export const LIST_P99_BAR_MS = 500;
export const ACCURACY_30_BAR = 0.15;

interface Bar {
  bar: string;
  /** The figure over the bar: below 1 is inside it. */
  ratio: number;
  met: boolean;
}

export interface ShipmentsFigures {
  database: 'pglite' | 'postgres';
  at: string;
  machine: { cpus: number; node: string; loadBefore: number; loadAfter: number };
  shipments: number;
  seedSeconds: number;
  /** Throughput phases in the order run: without, with, with, without the clock. */
  throughput: PhaseFigures[];
  /** Steady phases at the target rate: without, with. */
  steady: PhaseFigures[];
  /** Mean rates of the two phases of each kind, and the drop with the clock. */
  withoutRate: number;
  withRate: number;
  drop: number;
  /** The clock's own time per position at the steady rate, and the CPU it adds per position. */
  clockUsPerPosition: number;
  cpuAddedUsPerPosition: number;
  list: LatencyFigures & { path: string };
  accuracy: AccuracyFigures;
  bars: { throughput: Bar; listP99: Bar; accuracy30: Bar };
}

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (b: Bar) => `${b.bar}: ${b.met ? 'met' : 'NOT met'} (ratio ${b.ratio.toFixed(2)})`;

export function bars(f: Omit<ShipmentsFigures, 'bars'>): ShipmentsFigures['bars'] {
  const at30 = f.accuracy.horizons.find((h) => h.minutes === 30)!;
  return {
    throughput: {
      bar: `at most ${THROUGHPUT_DROP_BAR * 100} % lower with the clock`,
      ratio: Math.max(0, f.drop) / THROUGHPUT_DROP_BAR,
      met: f.drop <= THROUGHPUT_DROP_BAR,
    },
    listP99: {
      bar: `p99 < ${LIST_P99_BAR_MS} ms`,
      ratio: f.list.p99 / LIST_P99_BAR_MS,
      met: f.list.p99 < LIST_P99_BAR_MS,
    },
    accuracy30: {
      bar: `mean error < ${ACCURACY_30_BAR * 100} % of the time to go at 30 min`,
      ratio: at30.meanAbsError / ACCURACY_30_BAR,
      met: at30.meanAbsError < ACCURACY_30_BAR,
    },
  };
}

const phaseLine = (p: PhaseFigures) =>
  `  ${p.withClock ? 'with   ' : 'without'}  ${n(p.rate).padStart(7)} pos/s  ${n(p.positions)} positions in ${p.seconds.toFixed(1)} s (acked while sending ${n(p.ackedRate)}/s), ${p.cpuUsPerPosition.toFixed(1)} µs CPU/position, event loop ${Math.round(p.eventLoop * 100)} %, clock ${p.clockUsPerPosition.toFixed(1)} µs/position, ${n(p.predictions)} predictions`;

export function printFigures(f: ShipmentsFigures) {
  const a = f.accuracy;
  const lines = [
    '',
    `Waymark shipments — ${f.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${f.machine.cpus} CPUs, ${f.machine.node}`,
    ...(f.machine.loadBefore > 0.5
      ? [
          `WARNING       the machine is shared: other work may have slowed these figures (load average ${f.machine.loadBefore.toFixed(1)} before, ${f.machine.loadAfter.toFixed(1)} after)`,
        ]
      : []),
    `data          ${n(f.shipments)} ongoing shipments (In Progress), one per tracker, in one account; seeded in ${f.seedSeconds.toFixed(1)} s`,
    `throughput    as fast as acks allow:`,
    ...f.throughput.map(phaseLine),
    `              without ${n(f.withoutRate)} pos/s, with ${n(f.withRate)} pos/s: ${pct(f.drop)} lower   ${verdict(f.bars.throughput)}`,
    `steady        ${n(f.steady[0]?.positions ?? 0)} positions at ${n(f.steady[0]?.ackedRate ?? 0)}/s:`,
    ...f.steady.map(phaseLine),
    `clock cost    ${f.clockUsPerPosition.toFixed(1)} µs of its own rounds per position (rules + prediction write), ${f.cpuAddedUsPerPosition.toFixed(1)} µs CPU added per position in this process`,
    `list          p50 ${ms(f.list.p50)}  p95 ${ms(f.list.p95)}  p99 ${ms(f.list.p99)}  max ${ms(f.list.max)}   ${n(f.list.requests)} requests, ${n(f.list.rows)} shipments, ${n(f.list.bytes / 1024)} KB each   ${verdict(f.bars.listP99)}`,
    `              GET ${f.list.path}`,
    `accuracy      ${n(a.arrived)} of ${n(a.trips)} demo trips replayed (${a.vehicles} vehicles, ${a.days} days, ${n(a.predictions)} predictions); error of estimated_end_at as a share of the time to go:`,
    ...a.horizons.map(
      (h) =>
        `  ${String(h.minutes).padStart(2)} min    mean ${pct(h.meanAbsError)}  median ${pct(h.medianAbsError)}  p90 ${pct(h.p90AbsError)}  bias ${pct(h.bias)}   ${n(h.trips)} trips`,
    ),
    `              ${verdict(f.bars.accuracy30)}`,
    '',
    `clock: throughput ${pct(f.drop)} lower (bar 15 %, ratio ${f.bars.throughput.ratio.toFixed(2)}) | list p99 ${ms(f.list.p99)} (bar ${LIST_P99_BAR_MS} ms, ratio ${f.bars.listP99.ratio.toFixed(2)}) | arrival error at 30 min ${pct(a.horizons[1]!.meanAbsError)} (bar 15 %, ratio ${f.bars.accuracy30.ratio.toFixed(2)})`,
    '',
  ];
  console.log(lines.join('\n'));
}

export function writeFigures(f: ShipmentsFigures) {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`shipments-${f.database}.json`, dir);
  writeFileSync(file, JSON.stringify(f, null, 2) + '\n');
  return file.pathname;
}
