import { mkdirSync, writeFileSync } from 'node:fs';
import type { PhaseFigures } from './feed';
import type { DeliveryFigures } from './notifications';

/** The bar of the issue ("Speed (bench/rules)"): throughput at most 25 % lower with the rules. */
export const THROUGHPUT_DROP_BAR = 0.25;

export interface RulesFigures {
  database: 'pglite' | 'postgres';
  at: string;
  machine: { cpus: number; node: string; loadBefore: number; loadAfter: number };
  rules: number;
  trackers: number;
  geofences: number;
  seedSeconds: number;
  /** Throughput phases in the order run: without, with, without, with the rules. */
  throughput: PhaseFigures[];
  /** Steady phases at the target rate: without, with. */
  steady: PhaseFigures[];
  withoutRate: number;
  withRate: number;
  drop: number;
  /** The engine's own time per position at the steady rate, and the CPU it adds per position. */
  rulesUsPerPosition: number;
  cpuAddedUsPerPosition: number;
  actions: { webhooks: number; rulesMails: number };
  delivery: DeliveryFigures;
  bar: { bar: string; ratio: number; met: boolean };
}

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

const phaseLine = (p: PhaseFigures) =>
  `  ${p.withRules ? 'with   ' : 'without'}  ${n(p.rate).padStart(7)} pos/s  ${n(p.positions)} positions in ${p.seconds.toFixed(1)} s (acked while sending ${n(p.ackedRate)}/s), ${p.cpuUsPerPosition.toFixed(1)} µs CPU/position, event loop ${Math.round(p.eventLoop * 100)} %, rules ${p.rulesUsPerPosition.toFixed(1)} µs/position, ${n(p.triggers)} triggers, ${n(p.firings)} firings`;

export function printFigures(f: RulesFigures) {
  const d = f.delivery;
  const lines = [
    '',
    `Waymark rules — ${f.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${f.machine.cpus} CPUs, ${f.machine.node}, load average ${f.machine.loadBefore.toFixed(2)} before, ${f.machine.loadAfter.toFixed(2)} after`,
    ...(f.machine.loadBefore > 0.5
      ? ['WARNING       the machine is shared: other work may have slowed these figures']
      : []),
    `data          ${n(f.rules)} enabled rules (tracker_list, tracker_name, geofence enter/exit, message_content, event_type, event_time; e-mail, webhook, SMS) in one account of ${n(f.trackers)} trackers and ${n(f.geofences)} geofences; seeded in ${f.seedSeconds.toFixed(1)} s`,
    `throughput    as fast as acks allow:`,
    ...f.throughput.map(phaseLine),
    `              without ${n(f.withoutRate)} pos/s, with ${n(f.withRate)} pos/s: ${pct(f.drop)} lower   ${f.bar.bar}: ${f.bar.met ? 'met' : 'NOT met'} (ratio ${f.bar.ratio.toFixed(2)})`,
    `steady        ${n(f.steady[0]?.positions ?? 0)} positions at ${n(f.steady[0]?.ackedRate ?? 0)}/s:`,
    ...f.steady.map(phaseLine),
    `evaluation    ${f.rulesUsPerPosition.toFixed(1)} µs of the engine's rounds per position (${n(f.rules)} rules, firing writes and jobs included), ${f.cpuAddedUsPerPosition.toFixed(1)} µs CPU added per position in this process`,
    `actions       ${n(f.actions.rulesMails)} rule e-mails and ${n(f.actions.webhooks)} webhook calls received`,
    `delivery      ${n(d.received)} of ${n(d.notifications)} queued e-mail notifications delivered to the local SMTP server in ${d.totalSeconds.toFixed(1)} s: ${d.messagesPerSecond.toFixed(1)} messages/s${d.complete ? '' : ` (NOT all: stopped waiting at the ${d.capSeconds} s cap)`}`,
    `              ${n(d.receivedWhileQueueing)} of them while the ${n(d.notifications)} jobs were queued (${d.enqueueSeconds.toFixed(1)} s, each enqueue wakes the worker: ${(d.receivedWhileQueueing / d.enqueueSeconds).toFixed(1)}/s), the rest after; ${n(d.sent)} marked sent`,
    '',
    `rules: evaluation ${f.rulesUsPerPosition.toFixed(1)} µs/position | throughput ${pct(f.drop)} lower (bar 25 %, ratio ${f.bar.ratio.toFixed(2)}) | delivery ${d.messagesPerSecond.toFixed(1)} messages/s, ${n(d.received)} of ${n(d.notifications)} in ${d.totalSeconds.toFixed(1)} s`,
    '',
  ];
  console.log(lines.join('\n'));
}

export function writeFigures(f: RulesFigures) {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`rules-${f.database}.json`, dir);
  writeFileSync(file, JSON.stringify(f, null, 2) + '\n');
  return file.pathname;
}
