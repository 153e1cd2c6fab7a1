import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import { PgBossQueue, type JobLog } from './pg-boss-queue';

type TestJobs = {
  'unreachable-depot': { depot: number };
  'minute-tick': { tag: string };
  'later-note': { note: string };
};

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const failures: object[] = [];
const log: JobLog = { warn: (details) => failures.push(details), error: () => undefined };

/** A queue of its own per test, stopped when the test ends. */
async function withQueue(
  options: ConstructorParameters<typeof PgBossQueue>[2],
  test: (queue: PgBossQueue<TestJobs>) => Promise<void>,
) {
  const queue = new PgBossQueue<TestJobs>(database, log, options);
  try {
    await test(queue);
  } finally {
    await queue.stop();
  }
}

/** A promise with its resolver, for waiting on what a handler saw. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

it('runs a queued job, and idle() waits until it has run', () =>
  withQueue({}, async (queue) => {
    const seen: string[] = [];
    await queue.work('later-note', async (job) => {
      seen.push(job.data.note);
    });
    const id = await queue.enqueue('later-note', { note: 'hello' });
    await queue.idle();
    expect(seen).toEqual(['hello']);
    expect(await queue.job('later-note', id)).toMatchObject({ state: 'completed', retryCount: 0 });
  }));

it(
  'retries a failing job with back-off, then keeps it as failed with its message',
  () =>
    withQueue(
      {
        pollingIntervalSeconds: 0.5,
        retry: { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true },
      },
      async (queue) => {
        const attempts: { startAfter: Date; failedAt: number }[] = [];
        const third = signal();
        await queue.work('unreachable-depot', async (job) => {
          const stored = await queue.job('unreachable-depot', job.id);
          attempts.push({ startAfter: stored!.startAfter, failedAt: Date.now() });
          if (attempts.length === 3) third.resolve();
          throw new Error(`Depot ${job.data.depot} did not answer`);
        });
        const id = await queue.enqueue('unreachable-depot', { depot: 7 });
        await third.promise;
        await queue.idle();

        expect(await queue.job('unreachable-depot', id)).toMatchObject({
          state: 'failed',
          retryCount: 2,
          error: 'Depot 7 did not answer',
        });
        expect(attempts).toHaveLength(3);
        // The queue set each retry's start: with a 1 s delay and back-off, the first retry
        // waits 1-2 s after the failure and the second 2-4 s (without back-off both wait 1 s).
        const waits = [1, 2].map(
          (i) => attempts[i]!.startAfter.getTime() - attempts[i - 1]!.failedAt,
        );
        expect(waits[0]).toBeGreaterThanOrEqual(1000);
        expect(waits[1]).toBeGreaterThanOrEqual(2000);
        expect(failures).toContainEqual(expect.objectContaining({ job: 'unreachable-depot', id }));
      },
    ),
  60_000,
);

it(
  'repeats a scheduled job',
  () =>
    withQueue({ pollingIntervalSeconds: 0.5, rounds: { tickMs: 500 } }, async (queue) => {
      const ticks: string[] = [];
      const second = signal();
      await queue.work('minute-tick', async (job) => {
        ticks.push(job.id);
        expect(job.data).toEqual({ tag: 'every minute' });
        if (ticks.length === 2) second.resolve();
      });
      await queue.schedule('minute-tick', '* * * * *', { tag: 'every minute' });
      // One round a cron slot: the second run waits for the next minute.
      await second.promise;
      expect(new Set(ticks).size).toBe(2);
    }),
  150_000,
);
