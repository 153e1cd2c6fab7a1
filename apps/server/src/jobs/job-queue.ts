/** What a job's payload may hold: JSON data (ids, ranges, options), never closures or dates. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

/** Job names mapped to their payload types; see `job-catalogue.ts` for the product's jobs. */
export type JobPayloadMap = Record<string, JsonValue>;

export interface RetryPolicy {
  /** Attempts after the first before the job is kept as failed. */
  retryLimit: number;
  /** The wait before a retry; with back-off it roughly doubles on each failure. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
}

export interface EnqueueOptions extends Partial<RetryPolicy> {
  /** Runs no earlier than this. */
  startAfter?: Date;
  /** The job's id (a UUID) chosen by the caller: a job already stored under it is not stored again. */
  id?: string;
}

export interface QueuedJob<P> {
  id: string;
  name: string;
  data: P;
}

export type JobHandler<P> = (job: QueuedJob<P>) => Promise<void>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** A job as the queue keeps it: failed jobs keep the message of their last error. */
export interface JobRecord {
  id: string;
  name: string;
  state: JobState;
  retryCount: number;
  startAfter: Date;
  error?: string;
}

/**
 * Work that happens later or on a schedule, kept in the database: it survives a restart,
 * is retried with back-off and kept with its error when it keeps failing. Any process that
 * registered a handler for a name may run its jobs; a job runs at least once, so handlers make
 * their effects idempotent per job id.
 */
export interface JobQueue<P extends JobPayloadMap> {
  /** Installs or migrates the queue's tables and starts polling. */
  start(): Promise<void>;
  /** Stores a job; it runs once a worker of `name` picks it up. Returns the job id. */
  enqueue<N extends keyof P & string>(
    name: N,
    payload: P[N],
    options?: EnqueueOptions,
  ): Promise<string>;
  /**
   * Runs the jobs of `name` in this process, `workers` of them at once (default 1: jobs that
   * wait on the network, such as sending mail, take more). A thrown error fails the attempt.
   */
  work<N extends keyof P & string>(
    name: N,
    handler: JobHandler<P[N]>,
    options?: { workers?: number },
  ): Promise<void>;
  /**
   * Enqueues `name` with `payload` on every match of `cron` (UTC; five fields are minutes, six
   * start with seconds), once per installation however many processes schedule it; one per name.
   */
  schedule<N extends keyof P & string>(name: N, cron: string, payload: P[N]): Promise<void>;
  /** The job as stored, or undefined when it is unknown (or long gone). */
  job(name: keyof P & string, id: string): Promise<JobRecord | undefined>;
  /**
   * Resolves when no job of a name worked here is due or running: for tests, which wait for
   * what a request queued. Jobs waiting for a later start or a retry's back-off do not count.
   */
  idle(): Promise<void>;
  /** Stops taking jobs and waits for the running ones; queued jobs wait for the next start. */
  stop(): Promise<void>;
}
