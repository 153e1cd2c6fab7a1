import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { WorkerContext } from '../../apps/server/src/roles/worker-context';
import { sendAtFullSpeed, sendSteadily } from '../shared/send-positions';
import { queryRows } from '../../apps/server/src/db/client';
import type { Fleet } from '../shipments/feed';

/** Time spent in the rule engine's rounds (conditions, firing writes, jobs), and triggers seen. */
export interface RulesMeter {
  ms: number;
  triggers: number;
  rounds: number;
}

/**
 * Times every round of the rule engine: its private `evaluate` is wrapped (the bench only), so
 * the figure is the engine's own work per committed position, writes of firings included.
 */
export function meterRules(ctx: WorkerContext): RulesMeter {
  const meter: RulesMeter = { ms: 0, triggers: 0, rounds: 0 };
  const engine = ctx.rules as unknown as {
    evaluate: (arrivals: unknown[]) => Promise<void>;
  };
  const original = engine.evaluate.bind(engine);
  engine.evaluate = async (arrivals) => {
    const started = performance.now();
    try {
      await original(arrivals);
    } finally {
      meter.ms += performance.now() - started;
      meter.triggers += arrivals.length;
      meter.rounds++;
    }
  };
  return meter;
}

/**
 * Turns the account's rules on or off as a user would (is_enabled, then the engine reads them
 * again as on `rule.changed`): with none enabled it stops following the bus.
 */
export async function setRules(ctx: WorkerContext, accountId: number, on: boolean) {
  const { db } = ctx.database;
  await db.execute(sql`UPDATE rules SET is_enabled = ${on} WHERE account_id = ${accountId}`);
  await ctx.rules.reload();
  await ctx.rules.settled();
  if (ctx.rules.active !== on) throw new Error(`the rule engine is ${on ? 'not ' : ''}following`);
}

export async function countFirings(ctx: WorkerContext) {
  const [row] = await queryRows<{ n: string }>(
    ctx.database.db,
    sql`SELECT count(*) AS n FROM rule_firings`,
  );
  return Number(row?.n ?? 0);
}

export interface PhaseFigures {
  withRules: boolean;
  positions: number;
  seconds: number;
  /** Positions per second until the last ack and the rules caught up. */
  rate: number;
  /** Positions acknowledged while sending, per second (no drain). */
  ackedRate: number;
  /** CPU of this process per position (PGlite runs in it; PostgreSQL does not), microseconds. */
  cpuUsPerPosition: number;
  eventLoop: number;
  /** The engine's own time per position in this phase (ms of its rounds / positions), µs. */
  rulesUsPerPosition: number;
  /** Triggers (positions and device events) the engine evaluated, and rule firings written. */
  triggers: number;
  firings: number;
}

async function measured(
  ctx: WorkerContext,
  meter: RulesMeter,
  withRules: boolean,
  run: () => Promise<{ positions: number; ackedRate: number }>,
): Promise<PhaseFigures> {
  const firingsBefore = await countFirings(ctx);
  const before = { ...meter };
  const cpu = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  const started = performance.now();
  const { positions, ackedRate } = await run();
  await ctx.pipeline.flush();
  await ctx.bus.flush();
  await ctx.rules.settled();
  const elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const loop = performance.eventLoopUtilization(elu);
  return {
    withRules,
    positions,
    seconds: elapsedMs / 1000,
    rate: (positions * 1000) / elapsedMs,
    ackedRate,
    cpuUsPerPosition: (used.user + used.system) / positions,
    eventLoop: loop.utilization,
    rulesUsPerPosition: ((meter.ms - before.ms) * 1000) / positions,
    triggers: meter.triggers - before.triggers,
    firings: (await countFirings(ctx)) - firingsBefore,
  };
}

/** As fast as acks allow for `seconds` (IN_FLIGHT positions waiting at most). */
export function throughputPhase(
  ctx: WorkerContext,
  fleet: Fleet,
  meter: RulesMeter,
  withRules: boolean,
  seconds: number,
) {
  return measured(ctx, meter, withRules, async () => {
    return sendAtFullSpeed(ctx, fleet, seconds);
  });
}

/** `rate` positions a second, sent every 20 ms, for `seconds`. */
export function steadyPhase(
  ctx: WorkerContext,
  fleet: Fleet,
  meter: RulesMeter,
  withRules: boolean,
  rate: number,
  seconds: number,
) {
  return measured(ctx, meter, withRules, async () => {
    return sendSteadily(ctx, fleet, rate, seconds);
  });
}
