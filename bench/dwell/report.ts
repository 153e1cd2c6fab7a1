import { mkdirSync, writeFileSync } from 'node:fs';
import type { StepFigures } from './geofence-step';
import type { LatencyFigures } from './latency';

/** The bars of the issue ("Speed"). */
export const TABLE_P99_BAR_MS = 300;
export const STEP_RATE_BAR = 100_000;

export interface DwellFigures {
  database: 'pglite' | 'postgres';
  at: string;
  machine: { cpus: number; node: string; loadBefore: number; loadAfter: number };
  data: { geofences: number; devices: number; days: number; visits: number; openVisits: number };
  seedSeconds: number;
  table90: LatencyFigures;
  /** The route's SQL alone, same period: the database's share of table90. */
  query90: { runs: number; p50: number; p99: number };
  table30: LatencyFigures;
  devicesOfBusiest: LatencyFigures;
  step: StepFigures;
  bars: {
    table90p99: { bar: string; ratio: number; met: boolean };
    stepRate: { bar: string; ratio: number; met: boolean };
  };
}

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (b: { bar: string; ratio: number; met: boolean }) =>
  `${b.bar}: ${b.met ? 'met' : 'NOT met'} (ratio ${b.ratio.toFixed(2)})`;

export function bars(f: Omit<DwellFigures, 'bars'>): DwellFigures['bars'] {
  return {
    // Below 1 is inside the bar: p99 as a share of 300 ms.
    table90p99: {
      bar: `p99 < ${TABLE_P99_BAR_MS} ms`,
      ratio: f.table90.p99 / TABLE_P99_BAR_MS,
      met: f.table90.p99 < TABLE_P99_BAR_MS,
    },
    // Above 1 is inside the bar: checks/s as a multiple of 100,000.
    stepRate: {
      bar: `> ${n(STEP_RATE_BAR)} checks/s`,
      ratio: f.step.rate / STEP_RATE_BAR,
      met: f.step.rate > STEP_RATE_BAR,
    },
  };
}

const latencyLine = (label: string, l: LatencyFigures) =>
  `${label.padEnd(14)}p50 ${ms(l.p50)}  p95 ${ms(l.p95)}  p99 ${ms(l.p99)}  max ${ms(l.max)}   ${n(l.requests)} requests, ${n(l.rows)} rows, ${n(l.bytes / 1024)} KB each`;

export function printFigures(f: DwellFigures) {
  const s = f.step;
  const lines = [
    '',
    `Waymark dwell — ${f.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${f.machine.cpus} CPUs, ${f.machine.node}`,
    ...(f.machine.loadBefore > 0.5
      ? [
          `WARNING       other work may have slowed these figures (load average ${f.machine.loadBefore.toFixed(1)} before, ${f.machine.loadAfter.toFixed(1)} after)`,
        ]
      : []),
    `data          ${n(f.data.geofences)} geofences, ${n(f.data.devices)} devices, ${n(f.data.visits)} visits over ${f.data.days} days (${n(f.data.openVisits)} open), seeded in ${f.seedSeconds.toFixed(1)} s`,
    `${latencyLine('table 90 days', f.table90)}   ${verdict(f.bars.table90p99)}`,
    `${'sql alone 90'.padEnd(14)}p50 ${ms(f.query90.p50)}  p99 ${ms(f.query90.p99)}   ${n(f.query90.runs)} runs of the route's query function, no HTTP`,
    latencyLine('table 30 days', f.table30),
    latencyLine('devices in one', f.devicesOfBusiest),
    `geofence step ${n(s.rate)} checks/s (median of ${s.rounds} rounds, slowest ${n(s.slowestRate)}), ${n(s.positions)} positions against ${n(s.geofences)} geofences, ${Math.round(s.insideShare * 100)} % inside one, ${n(s.transitions)} enter/exit in the last round, index built in ${ms(s.indexBuildMs)}   ${verdict(f.bars.stepRate)}`,
    '',
    `dwell table 90 d p50 ${ms(f.table90.p50)} p99 ${ms(f.table90.p99)} (bar ${TABLE_P99_BAR_MS} ms, ratio ${f.bars.table90p99.ratio.toFixed(2)}) | geofence step ${n(s.rate)} checks/s (bar ${n(STEP_RATE_BAR)}, ratio ${f.bars.stepRate.ratio.toFixed(1)})`,
    '',
  ];
  console.log(lines.join('\n'));
}

export function writeFigures(f: DwellFigures) {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`dwell-${f.database}.json`, dir);
  writeFileSync(file, JSON.stringify(f, null, 2) + '\n');
  return file.pathname;
}
