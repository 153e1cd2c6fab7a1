import { performance } from 'node:perf_hooks';
import type { RawPosition } from '@waymark/domain';
import type { WorkerContext } from '../../apps/server/src/roles/worker-context';
import { sendAtFullSpeed, sendSteadily } from '../shared/send-positions';
import { serialOf, startOf } from './seed';

/** Device time between two reports of a tracker (each round every tracker reports once). */
const ROUND_MS = 30_000;
/** 80 km/h north: 667 m a round. */
const SPEED_MPS = 80 / 3.6;
const DEG_PER_M = 1 / 111_195;

/** A repeatable offset in -150..150 m for tracker i's fix of a round. */
function jitterM(i: number, round: number) {
  const h = Math.imul(i * 2_654_435_761 + round * 40_503, 2_246_822_519) >>> 0;
  return (h % 301) - 150;
}

/**
 * The fleet's positions, round after round: tracker i drives north from its start at 80 km/h,
 * one fix per ROUND_MS of device time. Rounds continue across phases, so every tracker's
 * device time only grows and the clock sees each fix as new.
 */
export class Fleet {
  private next = 0;
  constructor(
    private readonly count: number,
    private readonly baseMs: number,
  ) {}

  /** The next `n` positions. */
  take(n: number): RawPosition[] {
    const out: RawPosition[] = [];
    for (let k = 0; k < n; k++, this.next++) {
      const i = this.next % this.count;
      const round = Math.floor(this.next / this.count);
      const start = startOf(i);
      out.push({
        serial: serialOf(i),
        deviceTime: new Date(this.baseMs + round * ROUND_MS),
        // Traffic and GPS: each fix up to 150 m ahead of or behind the even pace, so the
        // predictions move as they do on the road.
        lat: start.lat + (round * (ROUND_MS / 1000) * SPEED_MPS + jitterM(i, round)) * DEG_PER_M,
        lng: start.lng,
        valid: true,
        fix: 'gps',
        speed: 80,
        speedUnit: 'kmh',
        accuracy: 5,
      });
    }
    return out;
  }

  /** Device time the fleet has reached (its newest round). */
  get deviceTimeMs() {
    return this.baseMs + Math.floor(this.next / this.count) * ROUND_MS;
  }
}

/** Time spent in the clock's rounds (its rules and its one write per round), and positions seen. */
export interface ClockMeter {
  ms: number;
  positions: number;
  rounds: number;
}

/**
 * Times every round of the shipment clock: its private `advance` is wrapped (the bench only),
 * so the figure is the clock's own work per committed position, database write included.
 */
export function meterClock(ctx: WorkerContext): ClockMeter {
  const meter: ClockMeter = { ms: 0, positions: 0, rounds: 0 };
  const clock = ctx.shipmentClock as unknown as {
    advance: (positions: unknown[]) => Promise<void>;
  };
  const original = clock.advance.bind(clock);
  clock.advance = async (positions) => {
    const started = performance.now();
    try {
      await original(positions);
    } finally {
      meter.ms += performance.now() - started;
      meter.positions += positions.length;
      meter.rounds++;
    }
  };
  return meter;
}

export interface PhaseFigures {
  withClock: boolean;
  positions: number;
  seconds: number;
  /** Positions per second until the last ack and, with the clock, until it caught up. */
  rate: number;
  /** Positions acknowledged while sending, per second (no drain). */
  ackedRate: number;
  /** CPU of this process per position (PGlite runs in it; PostgreSQL does not), microseconds. */
  cpuUsPerPosition: number;
  eventLoop: number;
  /** The clock's own time per position in this phase (ms of its rounds / positions), µs. */
  clockUsPerPosition: number;
  /** Predictions written in this phase. */
  predictions: number;
}

/** Switches the clock off (it stops following the bus) or on (it reads its shipments again). */
export async function setClock(ctx: WorkerContext, on: boolean) {
  await ctx.shipmentClock.stop();
  if (on) {
    ctx.shipmentClock.start();
    await ctx.shipmentClock.settled();
    if (!ctx.shipmentClock.following) throw new Error('the clock follows no positions');
  }
}

async function measured(
  ctx: WorkerContext,
  meter: ClockMeter,
  withClock: boolean,
  countPredictions: () => Promise<number>,
  run: () => Promise<{ positions: number; ackedRate: number }>,
): Promise<PhaseFigures> {
  const predictionsBefore = await countPredictions();
  const clockBefore = { ...meter };
  const cpu = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  const started = performance.now();
  const { positions, ackedRate } = await run();
  await ctx.pipeline.flush();
  await ctx.bus.flush();
  await ctx.shipmentClock.settled();
  const elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const loop = performance.eventLoopUtilization(elu);
  return {
    withClock,
    positions,
    seconds: elapsedMs / 1000,
    rate: (positions * 1000) / elapsedMs,
    ackedRate,
    cpuUsPerPosition: (used.user + used.system) / positions,
    eventLoop: loop.utilization,
    clockUsPerPosition: ((meter.ms - clockBefore.ms) * 1000) / positions,
    predictions: (await countPredictions()) - predictionsBefore,
  };
}

/** As fast as acks allow for `seconds` (IN_FLIGHT positions waiting at most). */
export function throughputPhase(
  ctx: WorkerContext,
  fleet: Fleet,
  meter: ClockMeter,
  withClock: boolean,
  seconds: number,
  countPredictions: () => Promise<number>,
) {
  return measured(ctx, meter, withClock, countPredictions, async () => {
    return sendAtFullSpeed(ctx, fleet, seconds);
  });
}

/** `rate` positions a second, sent every 20 ms, for `seconds`. */
export function steadyPhase(
  ctx: WorkerContext,
  fleet: Fleet,
  meter: ClockMeter,
  withClock: boolean,
  rate: number,
  seconds: number,
  countPredictions: () => Promise<number>,
) {
  return measured(ctx, meter, withClock, countPredictions, async () => {
    return sendSteadily(ctx, fleet, rate, seconds);
  });
}
