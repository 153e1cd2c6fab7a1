import { performance } from 'node:perf_hooks';
import type { RawPosition } from '@waymark/domain';
import type { WorkerContext } from '../../apps/server/src/roles/worker-context';

/** Positions one submit carries (one TCP read of a busy connection). */
const CHUNK = 25;
/** Positions waiting for their ack at once, as many connections would. */
const IN_FLIGHT = 4000;

/** Where the positions come from: the next `n` of a simulated fleet. */
export interface PositionSource {
  take(n: number): RawPosition[];
}

/** What a send loop did: positions sent, and those acknowledged while sending, per second. */
export interface Sent {
  positions: number;
  ackedRate: number;
}

/** Sends into the pipeline as fast as acks allow for `seconds` (IN_FLIGHT waiting at most). */
export async function sendAtFullSpeed(
  ctx: WorkerContext,
  source: PositionSource,
  seconds: number,
): Promise<Sent> {
  const until = performance.now() + seconds * 1000;
  let waiting = 0;
  let sent = 0;
  let acked = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      if (performance.now() >= until) {
        if (waiting === 0) resolve();
        return;
      }
      while (waiting + CHUNK <= IN_FLIGHT) {
        waiting += CHUNK;
        sent += CHUNK;
        ctx.pipeline.submit(source.take(CHUNK), 'gt06').then(() => {
          waiting -= CHUNK;
          if (performance.now() < until) acked += CHUNK;
          pump();
        }, reject);
      }
    };
    pump();
  });
  return { positions: sent, ackedRate: acked / seconds };
}

/** Sends `rate` positions a second, every 20 ms, for `seconds`, then waits for the acks. */
export async function sendSteadily(
  ctx: WorkerContext,
  source: PositionSource,
  rate: number,
  seconds: number,
): Promise<Sent> {
  const started = performance.now();
  const sent = await sendSteadilyWhile(
    ctx,
    source,
    rate,
    () => performance.now() - started < seconds * 1000,
  );
  return { positions: sent, ackedRate: sent / seconds };
}

/**
 * Sends `rate` positions a second, every 20 ms, while `going()` says so (a live fleet beside
 * something measured), then waits for the acks; answers how many were sent.
 */
export async function sendSteadilyWhile(
  ctx: WorkerContext,
  source: PositionSource,
  rate: number,
  going: () => boolean,
): Promise<number> {
  const tickMs = 20;
  const started = performance.now();
  let sent = 0;
  const acks: Promise<unknown>[] = [];
  while (going()) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (sent < due) {
      const n = Math.min(CHUNK, due - sent);
      acks.push(ctx.pipeline.submit(source.take(n), 'gt06'));
      sent += n;
    }
    await new Promise((resolve) => setTimeout(resolve, tickMs));
  }
  await Promise.all(acks);
  return sent;
}
