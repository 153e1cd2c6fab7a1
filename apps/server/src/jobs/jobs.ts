import type { FastifyBaseLogger } from 'fastify';

/**
 * Background work of this process (e-mailed exports, ...). Tracks what runs so shutdown can
 * finish it and tests can wait for it; a failure is logged, never thrown at the caller.
 */
export class Jobs {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: () => Promise<void>) {
    const job = work()
      .catch((error: unknown) => this.log.error({ err: error, job: name }, 'job failed'))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  /** Resolves when every job started so far has finished. */
  async idle() {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
