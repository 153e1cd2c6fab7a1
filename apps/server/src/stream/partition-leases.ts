import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { processHolder } from '../leases/installation-lease';
import { releaseLease, takeLease } from '../leases/installation-lease.queries';
import { liveLeases } from './partition-leases.queries';

export interface PartitionLeaseOptions {
  /** How long a lease lasts unrenewed: a killed worker's partitions wait this long. */
  leaseMs?: number;
  /** How often leases are renewed and the share looked at again. */
  everyMs?: number;
}

/** What the leases are for: starting and stopping the partitions this worker holds. */
export interface PartitionOwner {
  take(partition: number): Promise<void>;
  /** Resolves once the partition's work under way is committed or failed. */
  give(partition: number): Promise<void>;
}

/**
 * Spreads the position stream's partitions over the live workers with leases in PostgreSQL
 * (the installation_leases table): each worker says it is alive with a lease of its own,
 * holds its fair share (partitions / live workers, rounded up) and renews it; a worker that
 * stops renewing (killed) loses its partitions when they expire and the others take them; a
 * worker that joins takes free ones as the others give up what is over their share.
 */
export class PartitionLeases {
  readonly holder = processHolder();
  private readonly held = new Set<number>();
  private readonly leaseMs: number;
  private readonly everyMs: number;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly stream: string,
    private readonly partitions: number,
    private readonly owner: PartitionOwner,
    private readonly log: FastifyBaseLogger,
    options: PartitionLeaseOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 10_000;
    this.everyMs = options.everyMs ?? Math.floor(this.leaseMs / 4);
  }

  /** The partitions held now (tests, metrics). */
  get holding(): number[] {
    return [...this.held].sort((a, b) => a - b);
  }

  async start() {
    this.stopped = false;
    await this.tick();
  }

  /** Gives every partition back at once, so the other workers need not wait for expiry. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    for (const partition of this.holding) await this.give(partition);
    await releaseLease(this.db, this.workerLease(), this.holder).catch(() => undefined);
  }

  private tick(): Promise<void> {
    this.ticking = this.rebalance()
      .catch((error: unknown) =>
        this.log.warn({ err: error }, 'position stream partitions not renewed'),
      )
      .finally(() => {
        if (!this.stopped) this.timer = setTimeout(() => void this.tick(), this.everyMs);
      });
    return this.ticking;
  }

  private async rebalance() {
    await takeLease(this.db, this.workerLease(), this.holder, this.leaseMs, false);
    for (const partition of this.holding) {
      const kept = await takeLease(
        this.db,
        this.partitionLease(partition),
        this.holder,
        this.leaseMs,
        false,
      );
      if (!kept) {
        this.log.warn({ partition }, 'position stream partition lost to another worker');
        await this.give(partition, false);
      }
    }
    const live = await liveLeases(this.db, `${this.stream}:`);
    const workers = live.filter((l) => l.name.startsWith(`${this.stream}:worker:`)).length;
    const share = Math.ceil(this.partitions / Math.max(1, workers));
    for (const partition of this.holding.slice(share)) await this.give(partition);
    const taken = new Set(
      live.filter((l) => l.name.startsWith(`${this.stream}:partition:`)).map((l) => l.name),
    );
    for (let p = 0; p < this.partitions && this.held.size < share && !this.stopped; p++) {
      if (this.held.has(p) || taken.has(this.partitionLease(p))) continue;
      if (await takeLease(this.db, this.partitionLease(p), this.holder, this.leaseMs, false)) {
        this.held.add(p);
        await this.owner.take(p);
      }
    }
  }

  private async give(partition: number, release = true) {
    this.held.delete(partition);
    await this.owner.give(partition);
    if (release)
      await releaseLease(this.db, this.partitionLease(partition), this.holder).catch(
        () => undefined,
      );
  }

  private workerLease() {
    return `${this.stream}:worker:${this.holder}`;
  }

  private partitionLease(partition: number) {
    return `${this.stream}:partition:${partition}`;
  }
}
