import { mkdirSync, writeFileSync } from 'node:fs';
import type { FrameStats } from './frames';

export const RATIO_BAR = 1.5;
export const CARD_BAR_MS = 150;
export const FRAME_BAR_MS = 50;

export interface MapFigures {
  database: 'postgres';
  at: string;
  machine: { cpus: number; node: string; loadBefore: number[]; loadAfter: number[] };
  browser: string;
  viewport: { width: number; height: number };
  devices: number;
  settled: {
    definition: string;
    /** The first round of each page, not counted (cold server process and database). */
    warmUp: { appMs: number; bareMs: number };
    appMs: number[];
    bareMs: number[];
    app: number;
    bare: number;
    ratio: number;
  };
  card: {
    definition: string;
    ms: number[];
    median: number;
    max: number;
    /** Cards that lay outside the map's box when painted: counted as not opened. */
    offScreen: number;
    /** The bare page's card: a MapLibre popup at a point, the camera moved the same way. */
    bareMs: number[];
    bareMedian: number;
    medianRatio: number;
  };
  live: {
    rate: number;
    seconds: number;
    accepted: number;
    framesReceived: number;
    /** Clusters on screen after the live phase. */
    clustersAfterLive: number;
    frames: FrameStats;
    /** The bare page with the same number of moves applied by updateData every 200 ms. */
    bareFrames: FrameStats;
  };
  panZoom: { app: FrameStats; bare: FrameStats; p95Ratio: number };
  /** Idle frames of the settled screen, for reference. */
  idle: FrameStats;
  bars: Record<string, { bar: string; met: boolean }>;
}

const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`;
const verdict = (b: { bar: string; met: boolean }) => `${b.bar}: ${b.met ? 'met' : 'NOT met'}`;
const frames = (f: FrameStats) =>
  `p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  max ${ms(f.max)}  ${f.over50} of ${f.frames} frames over 50 ms, ${f.longTasks} long tasks (longest ${ms(f.longestTask)})`;

export function bars(f: Omit<MapFigures, 'bars'>): MapFigures['bars'] {
  return {
    settled: { bar: `ratio ≤ ${RATIO_BAR}×`, met: f.settled.ratio <= RATIO_BAR },
    card: {
      bar: `every card ≤ ${CARD_BAR_MS} ms, on screen`,
      met: f.card.max <= CARD_BAR_MS && f.card.offScreen === 0,
    },
    live: {
      bar: `frames < ${FRAME_BAR_MS} ms (p99)`,
      met: f.live.frames.p99 < FRAME_BAR_MS && f.live.framesReceived > 0,
    },
  };
}

export function printMapFigures(f: MapFigures) {
  const lines = [
    '',
    `Waymark trackers screen — ${f.devices.toLocaleString('en-US')} trackers on PostgreSQL, ${f.browser} (SwiftShader WebGL), ${f.viewport.width}×${f.viewport.height}, ${f.machine.cpus} CPUs`,
    `load average  ${f.machine.loadBefore.map((v) => v.toFixed(1)).join(' ')} before, ${f.machine.loadAfter.map((v) => v.toFixed(1)).join(' ')} after${f.machine.loadBefore[0]! > 0.5 ? '   WARNING: other work on the machine skews these figures' : ''}`,
    `settled       app ${ms(f.settled.app)} (${f.settled.appMs.map(ms).join(', ')}), bare MapLibre ${ms(f.settled.bare)} (${f.settled.bareMs.map(ms).join(', ')}); ratio ${f.settled.ratio.toFixed(2)}×   ${verdict(f.bars.settled!)}`,
    `              warm-up round (not counted): app ${ms(f.settled.warmUp.appMs)}, bare ${ms(f.settled.warmUp.bareMs)}`,
    `              ${f.settled.definition}`,
    `card          app median ${ms(f.card.median)}, max ${ms(f.card.max)} (${f.card.ms.map(ms).join(', ')})${f.card.offScreen ? `, ${f.card.offScreen} off screen` : ''}   ${verdict(f.bars.card!)}`,
    `              bare median ${ms(f.card.bareMedian)} (${f.card.bareMs.map(ms).join(', ')}); median ratio ${f.card.medianRatio.toFixed(2)}×`,
    `              ${f.card.definition}`,
    `live          ${f.live.rate.toLocaleString('en-US')} positions/s for ${f.live.seconds} s through POST /api/ingest/positions: ${f.live.accepted.toLocaleString('en-US')} accepted, ${f.live.framesReceived.toLocaleString('en-US')} PositionUpdated messages reached the page; ${f.live.clustersAfterLive} clusters on screen after`,
    `              app   ${frames(f.live.frames)}   ${verdict(f.bars.live!)}`,
    `              bare  ${frames(f.live.bareFrames)}`,
    `pan and zoom  app   ${frames(f.panZoom.app)}`,
    `              bare  ${frames(f.panZoom.bare)}`,
    `              p95 ratio ${f.panZoom.p95Ratio.toFixed(2)}×`,
    `idle          ${frames(f.idle)}`,
    '',
  ];
  console.log(lines.join('\n'));
}

export function writeMapFigures(f: MapFigures) {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL('map-postgres.json', dir);
  writeFileSync(file, JSON.stringify(f, null, 2) + '\n');
  return file.pathname;
}
