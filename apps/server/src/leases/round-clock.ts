import type { Database } from '../db/client';
import type { InstallationLease } from './installation-lease';
import { dueSlots, roundJobId, CATCH_UP_MS } from './round-slots';
import {
  forgetRounds,
  lastRound,
  markQueued,
  recordRound,
  unqueuedRounds,
} from './scheduled-rounds.queries';

export interface RoundSchedule<P> {
  name: string;
  cron: string;
  payload: P;
}

/** Queues one round as a job under the given id (a job already stored under it stays one). */
export type QueueRound<P> = (name: string, payload: P, jobId: string) => Promise<void>;

export interface RoundLog {
  warn(details: object, message: string): void;
}

/** Rounds are kept this long (a week): enough to see who queued what after an incident. */
const KEEP_ROUNDS_MS = 7 * 24 * 3600_000;

/**
 * Queues each schedule's rounds once per installation, whatever the number of processes:
 * only the holder of the lease records a round (one row per schedule and cron slot, written
 * on condition that it holds the lease), and a recorded round is queued under a job id made
 * from its name and slot. A new holder catches up on the slots nobody recorded while the
 * lease changed hands, and queues rounds its predecessor recorded but did not queue. The job
 * queue then runs each round once (one worker claims it).
 */
export class RoundClock<P> {
  private readonly schedules = new Map<string, RoundSchedule<P>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private started: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly lease: InstallationLease,
    private readonly queue: QueueRound<P>,
    private readonly log: RoundLog,
    private readonly tickMs = 5_000,
  ) {}

  /** Adds a schedule (or replaces the one of that name) and starts the clock. */
  schedule(schedule: RoundSchedule<P>) {
    this.schedules.set(schedule.name, schedule);
    this.started ??= this.lease.start().then(() => this.loop());
    return this.started;
  }

  /** Stops queueing and gives the lease up; rounds already queued stay queued. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.started;
    await this.ticking;
    await this.lease.stop();
  }

  private loop() {
    if (this.stopped) return;
    this.ticking = this.tick().catch((error: unknown) =>
      this.log.warn({ err: error }, 'scheduled rounds not queued'),
    );
    void this.ticking.then(() => {
      if (!this.stopped) this.timer = setTimeout(() => this.loop(), this.tickMs);
    });
  }

  private async tick() {
    for (const schedule of this.schedules.values()) {
      if (!this.lease.held || this.stopped) return;
      await this.queueRounds(schedule, new Date());
    }
  }

  private async queueRounds({ name, cron, payload }: RoundSchedule<P>, now: Date) {
    const { db } = this.database;
    const last = await lastRound(db, name);
    for (const slot of dueSlots(cron, last, now)) {
      const round = { name, slot, jobId: roundJobId(name, slot), holder: this.lease.holder };
      // Recorded only while the lease is ours, and at most once: a lost lease records nothing.
      if (!(await recordRound(db, round, this.lease.condition))) return;
    }
    for (const round of await unqueuedRounds(db, name, new Date(now.getTime() - CATCH_UP_MS))) {
      await this.queue(name, payload, round.job_id);
      await markQueued(db, name, round.slot);
    }
    await forgetRounds(db, name, new Date(now.getTime() - KEEP_ROUNDS_MS));
  }
}
