import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/client';
import { holdsLease, releaseLease, takeLease } from './installation-lease.queries';

export interface LeaseOptions {
  /** How long a taken lease lasts without a renewal: a dead holder's work stops this long. */
  leaseMs?: number;
  /** How often the lease is taken or renewed (a third of the lease: two renewals may fail). */
  renewEveryMs?: number;
}

/** Told of a failed attempt to take or renew (the database is away): the lease is then not held. */
export interface LeaseLog {
  warn(details: object, message: string): void;
}

const DEFAULT_LEASE_MS = 30_000;

/** A lease holder's name for this process: host, pid and a random part, so a restart is another. */
export const processHolder = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * A named lease in PostgreSQL that one process of the installation holds at a time, for work
 * that must run once across processes (docs/architecture.md, "Roles and leases"). Every
 * process tries; the holder renews; when it stops renewing (killed, cut off) another takes
 * over once the lease has expired. On PGlite one process owns the database, so it always
 * holds the lease (a killed predecessor's row is taken over at once).
 */
export class InstallationLease {
  /** This process, as the lease rows name it. */
  readonly holder = processHolder();
  private readonly leaseMs: number;
  private readonly renewEveryMs: number;
  /** Until when (this process's monotonic clock) the lease is surely ours. */
  private heldUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    readonly name: string,
    private readonly log: LeaseLog,
    options: LeaseOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.renewEveryMs = options.renewEveryMs ?? Math.floor(this.leaseMs / 3);
  }

  /** True while the lease is ours: the database's expiry has surely not passed. */
  get held() {
    return performance.now() < this.heldUntil;
  }

  /** The SQL condition that this process holds the lease now, for writes only it may make. */
  get condition() {
    return holdsLease(this.name, this.holder);
  }

  /** Tries at once, then renews (or tries again) every renewEveryMs until stop(). */
  async start() {
    this.stopped = false;
    await this.renew();
  }

  /** Stops renewing and gives the lease up, so another process takes it over at once. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.renewing;
    if (this.heldUntil > 0) await releaseLease(this.database.db, this.name, this.holder);
    this.heldUntil = 0;
  }

  private renew(): Promise<void> {
    // Measured before the statement: the database's expiry is at least this plus the lease.
    const asked = performance.now();
    this.renewing = takeLease(
      this.database.db,
      this.name,
      this.holder,
      this.leaseMs,
      this.database.kind === 'pglite',
    ).then(
      (taken) => {
        this.heldUntil = taken ? asked + this.leaseMs : 0;
      },
      (error: unknown) => {
        this.heldUntil = 0;
        this.log.warn({ err: error, lease: this.name }, 'lease not renewed');
      },
    );
    void this.renewing.then(() => {
      if (!this.stopped) this.timer = setTimeout(() => void this.renew(), this.renewEveryMs);
    });
    return this.renewing;
  }
}
