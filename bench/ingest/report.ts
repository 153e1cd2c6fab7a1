import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { LatencySummary } from './latency';
import type { measuresComparison } from './measures-phase';
import type { throughputPhase } from './throughput-phase';

export interface IngestFigures {
  database: 'pglite' | 'postgres';
  at: string;
  /** Load averages before and after: other work on the machine skews every figure. */
  machine: { cpus: number; node: string; loadBefore: number; loadAfter: number };
  devices: {
    seeded: number;
    connected: number;
    failed: number;
    byProtocol: Record<string, number>;
  };
  geofences: number;
  throughput: Awaited<ReturnType<typeof throughputPhase>>;
  bareCopy: { rows: number; seconds: number; rate: number };
  ratio: number;
  /** Throughput with the filter, trips and summaries steps over without, in one run (issue 36). */
  measures: Awaited<ReturnType<typeof measuresComparison>> | null;
  latency: LatencySummary & { targetRate: number };
  peakRssMb: number;
  /** The peak of each phase, in the order they ran: where the memory went. */
  peakRssMbByPhase: Record<string, { rss: number; heapUsed: number; external: number }>;
  bars: Record<string, { bar: string; met: boolean }>;
}

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const pct = (v: number) => `${Math.round(v * 100)} %`;
const ms = (v: number) => `${Math.round(v)} ms`;
const verdict = (b: { bar: string; met: boolean }) => `${b.bar}: ${b.met ? 'met' : 'NOT met'}`;

/**
 * The bars of the issue: on PostgreSQL ≥ 30,000 positions/s and ≥ 25 % of bare COPY, on PGlite
 * ≥ 10,000/s, p99 under 250 ms on both.
 */
export function bars(f: Omit<IngestFigures, 'bars'>): IngestFigures['bars'] {
  const result: IngestFigures['bars'] =
    f.database === 'postgres'
      ? {
          endToEnd: { bar: 'bar ≥ 30,000 pos/s', met: f.throughput.rate >= 30_000 },
          ratio: { bar: 'bar ≥ 25 %', met: f.ratio >= 0.25 },
        }
      : { endToEnd: { bar: 'bar ≥ 10,000 pos/s', met: f.throughput.rate >= 10_000 } };
  result.p99 = { bar: 'bar < 250 ms', met: f.latency.p99 < 250 };
  // On PGlite the database runs inside the server, so its CPU per position is all the work a
  // position costs, and the phases' pace swings threefold at the same CPU (the server waits,
  // not works, in the slow ones): the steps are judged by the CPU they add. On PostgreSQL the
  // pace is steady and the server's CPU leaves out the database's: judged by the pace.
  if (f.measures) {
    const ratio =
      f.database === 'pglite'
        ? f.measures.cpuMsPer1000Without / f.measures.cpuMsPer1000With
        : f.measures.ratio;
    result.measures = { bar: 'bar ≥ 90 %', met: ratio >= 0.9 };
  }
  return result;
}

export function printFigures(f: IngestFigures) {
  const t = f.throughput;
  const l = f.latency;
  const protocols = Object.entries(f.devices.byProtocol)
    .map(([p, c]) => `${n(c)} ${p}`)
    .join(', ');
  const lines = [
    '',
    `Waymark ingest — ${f.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} CPUs, ${f.machine.node}`,
    ...(f.machine.loadBefore > 0.5 || f.machine.loadAfter > f.machine.cpus + 0.5
      ? [
          `WARNING       other work may have lowered these figures (load average ${f.machine.loadBefore.toFixed(1)} before, ${f.machine.loadAfter.toFixed(1)} after)`,
        ]
      : []),
    `devices       ${n(f.devices.seeded)} seeded (${protocols}); ${n(f.devices.connected)} connected, ${n(f.devices.failed)} failed; ${n(f.geofences)} geofences`,
    `end-to-end    ${n(t.rate)} pos/s   ${n(t.stored)} stored in ${t.seconds.toFixed(1)} s including the drain (steady while sending: ${n(t.steadyRate)} pos/s), ${n(t.batches)} batches of ${n(t.meanBatch)} on average, ${n(t.dropped)} dropped, ${n(t.rowsInTable)} rows in positions   ${verdict(f.bars.endToEnd!)}`,
    `busy          server ${pct(t.serverCpu)} of a core (event loop ${pct(t.serverEventLoop)} busy), load generator ${pct(t.loadCpu)} of a core`,
    `bare COPY     ${n(f.bareCopy.rate)} rows/s   ${n(f.bareCopy.rows)} rows in ${f.bareCopy.seconds.toFixed(2)} s`,
    `ratio         ${Math.round(f.ratio * 100)} %${f.bars.ratio ? `   ${verdict(f.bars.ratio)}` : ''}`,
    ...(f.measures
      ? [
          `measures      server CPU per 1,000 positions with the filter, trips and summaries steps ${f.measures.cpuMsPer1000With.toFixed(1)} ms, without ${f.measures.cpuMsPer1000Without.toFixed(1)} ms: throughput ${pct(f.measures.cpuMsPer1000Without / f.measures.cpuMsPer1000With)} of without${f.database === 'pglite' ? `   ${verdict(f.bars.measures!)}` : ''}`,
          `              pace ${n(f.measures.withMeasures)} pos/s with, ${n(f.measures.withoutMeasures)} without: ${pct(f.measures.ratio)} (phases ${f.measures.phases.map((p) => `${p.measuring ? 'on' : 'off'} ${n(p.rate)}`).join(', ')}; ${n(f.measures.phases.reduce((s, p) => s + p.filtered, 0))} fixes filtered)${f.database === 'pglite' ? '' : `   ${verdict(f.bars.measures!)}`}`,
        ]
      : []),
    `latency       p50 ${ms(l.p50)}  p95 ${ms(l.p95)}  p99 ${ms(l.p99)}  max ${ms(l.max)}   at ${n(l.rate)} pos/s (target ${n(l.targetRate)}), ${n(l.received)} of ${n(l.sent)} delivered, ${n(l.skipped)} skipped   ${verdict(f.bars.p99!)}`,
    `peak RSS      ${n(f.peakRssMb)} MB (server process${f.database === 'postgres' ? '; PostgreSQL’s own memory not included' : ', PGlite included'})`,
    `              by phase: ${Object.entries(f.peakRssMbByPhase)
      .map(
        ([phase, mb]) =>
          `${phase} ${n(mb.rss)} (heap ${n(mb.heapUsed)}, outside ${n(mb.external)})`,
      )
      .join(', ')} MB`,
    '',
    `end-to-end ${n(t.rate)} pos/s | bare COPY ${n(f.bareCopy.rate)} rows/s | ratio ${Math.round(f.ratio * 100)} %`,
    `latency p50 ${ms(l.p50)} p99 ${ms(l.p99)} (bar 250 ms) | peak RSS ${n(f.peakRssMb)} MB`,
    '',
  ];
  console.log(lines.join('\n'));
}

export function writeFigures(f: IngestFigures) {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`ingest-${f.database}.json`, dir);
  writeFileSync(file, JSON.stringify(f, null, 2) + '\n');
  return file.pathname;
}
