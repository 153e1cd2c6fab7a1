import { EventEmitter, once } from 'node:events';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type {
  EnqueueOptions,
  JobHandler,
  JobPayloadMap,
  JobQueue,
  JobRecord,
  JsonValue,
  RetryPolicy,
} from './job-queue';
import { sqlExecutor, type SqlExecutor } from './sql-executor';
import { InstallationLease, type LeaseOptions } from '../leases/installation-lease';
import { RoundClock } from '../leases/round-clock';

/** Where failures are told (the app's logger; tests may pass their own). */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PgBossQueueOptions {
  /** How often an idle worker asks for jobs. PGlite is one connection: keep it light. */
  pollingIntervalSeconds?: number;
  /**
   * How often the lease holder looks for due rounds of the schedules, and the lease's times
   * (leases/installation-lease.ts): tests shorten them.
   */
  rounds?: { tickMs?: number; lease?: LeaseOptions };
  /** Applies to every job unless its enqueue says otherwise. */
  retry?: Partial<RetryPolicy>;
  /** Told of every failed attempt, after the log (the error reporter). */
  onFailure?: (error: unknown, job: string) => void;
}

const SCHEMA = 'pgboss';
const DAY_SECONDS = 24 * 3600;
const DEFAULT_RETRY: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true };

/**
 * The job queue on pg-boss, kept in the `pgboss` schema of our own database (PGlite or
 * PostgreSQL) and run through our connection, so the embedded default needs no server.
 */
export class PgBossQueue<P extends JobPayloadMap> implements JobQueue<P> {
  private readonly boss: PgBoss;
  private readonly sql: SqlExecutor;
  private readonly retry: RetryPolicy;
  private readonly queues = new Map<string, Promise<void>>();
  /** Worker ids by job name, to wake the workers when their name has work now. */
  private readonly workers = new Map<string, string[]>();
  private readonly running = new Set<Promise<void>>();
  private readonly settledJobs = new EventEmitter();
  private started: Promise<void> | undefined;
  private stopping = false;
  private readonly onFailure: PgBossQueueOptions['onFailure'];
  /** Schedules: queued once per installation by the holder of the `scheduled-rounds` lease. */
  private readonly rounds: RoundClock<JsonValue>;

  constructor(
    database: Database,
    private readonly log: JobLog,
    options: PgBossQueueOptions = {},
  ) {
    this.sql = sqlExecutor(database);
    this.onFailure = options.onFailure;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.boss = new PgBoss({
      db: this.sql,
      schema: SCHEMA,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
      // Schedules are ours (RoundClock): pg-boss's own cron would queue from every process.
      schedule: false,
      // Failed jobs stay in the job table for a week with their error, then in the archive.
      archiveFailedAfterSeconds: 7 * DAY_SECONDS,
      deleteAfterDays: 30,
    });
    this.boss.on('error', (error: unknown) => this.log.error({ err: error }, 'job queue error'));
    const lease = new InstallationLease(database, 'scheduled-rounds', log, options.rounds?.lease);
    this.rounds = new RoundClock<JsonValue>(
      database,
      lease,
      // A schedule's payload is the one schedule() was given for that name.
      async (name, payload, id) => {
        await this.enqueue(name as keyof P & string, payload as P[keyof P & string], { id });
      },
      log,
      options.rounds?.tickMs,
    );
  }

  start() {
    this.started ??= this.boss.start().then(() => undefined);
    return this.started;
  }

  async enqueue<N extends keyof P & string>(name: N, payload: P[N], options: EnqueueOptions = {}) {
    await this.prepare(name);
    const id = await this.boss.send(name, payload as object, this.sendOptions(options));
    // pg-boss answers null when a job of the id given is already stored: that job stands.
    this.wake(name);
    return id ?? options.id!;
  }

  async work<N extends keyof P & string>(
    name: N,
    handler: JobHandler<P[N]>,
    { workers = 1 }: { workers?: number } = {},
  ) {
    await this.prepare(name);
    const ids = this.workers.get(name) ?? [];
    this.workers.set(name, ids);
    for (let i = 0; i < workers; i++) {
      // The worker's id, known once work() answers (its first fetch cannot come before).
      const own = { id: '' };
      own.id = await this.boss.work<P[N]>(name, async ([job]) => {
        if (!job) return;
        // A job fetched while stopping fails this attempt; it is retried after the restart.
        if (this.stopping) throw new Error('the job queue is stopping');
        const run = handler({ id: job.id, name: job.name, data: job.data });
        this.running.add(run);
        try {
          await run;
        } catch (error) {
          this.log.warn({ err: error, job: name, id: job.id }, 'job failed');
          // A stop's refusal is no failure of the job: it runs again after the restart.
          if (!this.stopping) this.onFailure?.(error, name);
          throw error;
        } finally {
          this.running.delete(run);
          this.settledJobs.emit('settled');
          // pg-boss waits out its polling interval after every fetch, so a backlog would
          // drain at one job a second per worker; after a job, this worker asks again at once.
          if (own.id) this.boss.notifyWorker(own.id);
        }
      });
      ids.push(own.id);
    }
  }

  async schedule<N extends keyof P & string>(name: N, cron: string, payload: P[N]) {
    await this.prepare(name);
    await this.rounds.schedule({ name, cron, payload });
  }

  async job(name: keyof P & string, id: string): Promise<JobRecord | undefined> {
    const job = await this.boss.getJobById<unknown>(name, id, { includeArchive: true });
    if (!job) return undefined;
    const output = job.output as { message?: unknown } | null;
    return {
      id: job.id,
      name: job.name,
      state: job.state,
      retryCount: job.retryCount,
      startAfter: job.startAfter,
      ...(job.state === 'failed' && typeof output?.message === 'string'
        ? { error: output.message }
        : {}),
    };
  }

  async idle() {
    for (;;) {
      await this.quiet();
      const names = [...this.workers.keys()];
      const { rows } = await this.sql.executeSql(
        `SELECT count(*)::int AS due FROM ${SCHEMA}.job WHERE name = ANY($1::text[])
           AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
        [names],
      );
      if (Number(rows[0].due) === 0 && this.running.size === 0) return;
      for (const name of names) this.wake(name);
      // A job that is not fetched yet settles nothing: look again after a short while.
      await Promise.race([once(this.settledJobs, 'settled'), delay(100)]);
    }
  }

  async stop() {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    await this.rounds.stop();
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, close: false });
    await this.quiet();
  }

  /** Waits for handlers here and pg-boss's SQL: it completes or fails a job without waiting. */
  private async quiet() {
    do {
      await Promise.allSettled([...this.running]);
      await this.sql.settled();
      // pg-boss starts its next call a few callbacks after the last one ended.
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.running.size > 0 || this.sql.busy);
  }

  /** Creates the queue of `name` once (enqueue, work and schedule call it). */
  prepare(name: string) {
    let created = this.queues.get(name);
    if (!created) {
      created = this.start().then(() => this.boss.createQueue(name));
      this.queues.set(name, created);
    }
    return created;
  }

  private wake(name: string) {
    for (const worker of this.workers.get(name) ?? []) this.boss.notifyWorker(worker);
  }

  private sendOptions(options: EnqueueOptions): PgBoss.SendOptions {
    return {
      retryLimit: options.retryLimit ?? this.retry.retryLimit,
      retryDelay: options.retryDelaySeconds ?? this.retry.retryDelaySeconds,
      retryBackoff: options.retryBackoff ?? this.retry.retryBackoff,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.id ? { id: options.id } : {}),
    };
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Installs the queue's schema and the named queues ahead of any start: a template database
 * that many tests copy then starts its queue without creating tables each time.
 */
export async function installJobQueue(database: Database, names: readonly string[]) {
  const queue = new PgBossQueue(database, { warn: () => undefined, error: () => undefined });
  for (const name of names) await queue.prepare(name);
  await queue.stop();
}
