import { mkdirSync, writeFileSync } from 'node:fs';
import type { LoadResult, Probe } from './load';

export const P99_BAR_MS = 1000;

export interface CallFigures {
  name: string;
  path: string;
  usedByWebApp: boolean;
  gzip: boolean;
  probe: Probe;
  bytesPerDevice: number;
  jsonBytesPerDevice: number;
  runs: (LoadResult & { p99Ratio: number; met: boolean })[];
}

export interface ApiFigures {
  database: 'postgres';
  at: string;
  machine: { cpus: number; node: string; loadBefore: number[]; loadAfter: number[] };
  devices: number;
  seedSeconds: number;
  calls: CallFigures[];
  bar: string;
}

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const ms = (v: number) => `${n(v)} ms`;
const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(' ');

export function printApiFigures(f: ApiFigures) {
  const lines = [
    '',
    `Waymark API lists — PostgreSQL, ${n(f.devices)} trackers with current positions, ${f.machine.cpus} CPUs, ${f.machine.node}`,
    `load average  ${load(f.machine.loadBefore)} before, ${load(f.machine.loadAfter)} after${f.machine.loadBefore[0]! > 0.5 ? '   WARNING: other work on the machine skews these figures' : ''}`,
    `seeded in ${f.seedSeconds.toFixed(1)} s; bar: ${f.bar}`,
    'every connection asks as the same admin: requests for the same list that overlap share one database read and one gzip',
    "autocannon counts each answer's bytes but does not keep its body (its string of every body cost it half a core)",
    '',
  ];
  for (const c of f.calls) {
    const size = c.gzip
      ? `${n(c.bytesPerDevice)} B/device gzipped (${n(c.jsonBytesPerDevice)} B/device JSON)`
      : `${n(c.bytesPerDevice)} B/device`;
    lines.push(
      `${c.name.padEnd(24)}${c.usedByWebApp ? ' [web app]' : ''}  ${c.path}`,
      `  ${size}, ${(c.probe.bytes / 2 ** 20).toFixed(1)} MiB; alone ${ms(c.probe.aloneMs)}`,
    );
    for (const r of c.runs) {
      lines.push(
        `  ${String(r.connections).padStart(2)} conn  p50 ${ms(r.p50).padStart(8)}  p90 ${ms(r.p90).padStart(8)}  p99 ${ms(r.p99).padStart(8)} (${r.p99Ratio.toFixed(2)}× bar)  max ${ms(r.max).padStart(8)}  ${r.requestsPerSecond.toFixed(2)} req/s  ${n(r.requests)} requests, ${r.non2xx + r.errors + r.timeouts} failed  cores: server ${r.serverCores.toFixed(2)}, database ${r.databaseCores.toFixed(2)}, autocannon ${r.loadCores.toFixed(2)}   ${r.met ? 'met' : 'NOT met'}`,
      );
    }
  }
  lines.push('');
  console.log(lines.join('\n'));
}

export function writeApiFigures(f: ApiFigures) {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL('api-postgres.json', dir);
  writeFileSync(file, JSON.stringify(f, null, 2) + '\n');
  return file.pathname;
}
