import type { FastifyBaseLogger } from 'fastify';
import type { AddressCache } from '../adapters/geocoder/address-cache';
import type { Database } from '../db/client';
import type { Bus } from '../events/bus';
import type { DeviceStatus, RawPosition } from '@waymark/domain';
import type { GeofenceIndexes } from '../spatial/geofence-indexes';
import { statusWrites, type StatusWrite } from './status-writes';
import { DeviceDirectory } from './device-directory';
import { AnchorRegistry } from './anchor-registry';
import { FilterBoundsRegistry } from './filter-bounds-registry';
import { locateAtAnchor } from './steps/ble-anchors';
import { normaliseBatch } from './steps/normalise';
import { runSteps, type StepsOutcome } from './run-steps';
import { ZoneDaysCache } from './steps/trips';
import * as store from './pipeline.queries';
import { committedPosition, presentEvent } from './present';
import type { DeviceState, Position } from './position';
import type { JobPayloads } from '../jobs/job-catalogue';
import type { JobQueue } from '../jobs/job-queue';
import { rebuildTrips } from './trip-rebuild';
import { advanceMarks, type StreamMark } from './stream-marks';

export interface SubmitResult {
  /**
   * Reports of known devices now handled: stored durably, or dropped as impossible (a device
   * is acknowledged for those too, so it does not resend them forever).
   */
  stored: number;
  /** Reports from serials no device has: counted, not stored. */
  unknown: number;
  /** Reports of deactivated trackers: acknowledged, not stored. */
  refused: number;
}

interface PreparedBatch {
  batch: Pending[];
  results: SubmitResult[];
  positions: Position[];
  outcome: StepsOutcome;
  statuses: StatusWrite[];
  dropped: number;
  unknown: number;
  refused: number;
  epoch: number;
}

interface Pending {
  items: RawPosition[];
  statuses: DeviceStatus[];
  protocol: string;
  remoteAddress: string | undefined;
  /** The position stream's message it came in (a worker of a split set-up). */
  mark: StreamMark | undefined;
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
}

/** What the pipeline works with; the geofence indexes are shared with the API in a process. */
export interface PipelineDeps {
  database: Database;
  addresses: AddressCache;
  bus: Bus;
  geofences: GeofenceIndexes;
  log: FastifyBaseLogger;
  /** Where a tracker's trips rebuild after late fixes is queued (none: not rebuilt). */
  jobs?: Pick<JobQueue<JobPayloads>, 'enqueue'>;
}

interface Rebuild {
  deviceId: number;
  from: Date;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface PipelineOptions {
  /** Flush when this many positions wait… */
  maxBatch?: number;
  /** …or when the oldest has waited this long (ms). */
  maxDelayMs?: number;
  now?: () => Date;
}

/**
 * The position path of ARCHITECTURE.md, and its only entry (`submit`): live ingest, the API's
 * batch upload, the demo seed and the benchmarks all come through here, so no step is skipped.
 * Reports are batched, normalised, run through the pure steps, committed in one transaction,
 * and only then acknowledged and published on the bus (`positions.committed`,
 * `device-events.created`). One batch is in flight at a time, which keeps each device's
 * positions in order. Its registries follow the bus: `device.changed`, `anchor.changed` and
 * (through the shared indexes) `geofence.changed`.
 */
export class PositionPipeline {
  private readonly devices: DeviceDirectory;
  private readonly geofences: GeofenceIndexes;
  private readonly anchors: AnchorRegistry;
  private readonly filterBounds: FilterBoundsRegistry;
  private readonly database: Database;
  private readonly addresses: AddressCache;
  private readonly bus: Bus;
  private readonly log: FastifyBaseLogger;
  private readonly jobs: PipelineDeps['jobs'];
  /**
   * Devices with a trips rebuild queued, and the oldest late fix it must start from: more late
   * fixes while it waits join that job instead of queuing another (one per device).
   */
  private readonly rebuildFrom = new Map<number, Date>();
  /** Rebuilds the job asked for, run between two commits. */
  private rebuilds: Rebuild[] = [];
  /** Callers of forgetStates waiting for the states to be dropped between two commits. */
  private forgetting: (() => void)[] = [];
  /** Device states as committed. */
  private readonly states = new Map<number, DeviceState>();
  /** States of a batch prepared but not yet committed, which the next batch builds on. */
  private readonly uncommitted = new Map<number, DeviceState>();
  private readonly stateView = {
    get: (id: number) => this.uncommitted.get(id) ?? this.states.get(id),
  };
  /** Bumped when a commit fails: batches prepared on its states are not written. */
  private epoch = 0;
  private batchReady: (() => void) | undefined;
  private readonly partitions = new Set<string>();
  private readonly zoneDays = new ZoneDaysCache();
  private queue: Pending[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;
  private readonly now: () => Date;
  /**
   * The filter, trips and daily summaries steps run unless a benchmark turns them off to
   * measure what they cost (bench:ingest's comparison); production never does.
   */
  measuring = true;
  /** Counters for logs and benchmarks. */
  readonly stats = { stored: 0, dropped: 0, filtered: 0, unknown: 0, refused: 0, batches: 0 };

  constructor(deps: PipelineDeps, options: PipelineOptions = {}) {
    ({ database: this.database, addresses: this.addresses, bus: this.bus, log: this.log } = deps);
    this.jobs = deps.jobs;
    this.devices = new DeviceDirectory(deps.database.db, deps.log, deps.bus);
    this.geofences = deps.geofences;
    this.anchors = new AnchorRegistry(deps.database.db, deps.bus);
    this.filterBounds = new FilterBoundsRegistry(deps.database.db, deps.bus);
    this.maxBatch = options.maxBatch ?? 5000;
    this.maxDelayMs = options.maxDelayMs ?? 20;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Resolves once the reports are durably stored: the moment a device may be acknowledged.
   * `statuses` are reports without coordinates (heartbeats): battery, charging and SOS of the
   * device, written with the same batch. `mark` is the position stream's message they came
   * in: its offset is committed with them, so a redelivered message is never stored twice.
   */
  submit(
    items: RawPosition[],
    protocol: string,
    remoteAddress?: string,
    statuses: DeviceStatus[] = [],
    mark?: StreamMark,
  ): Promise<SubmitResult> {
    if (items.length === 0 && statuses.length === 0 && !mark)
      return Promise.resolve({ stored: 0, unknown: 0, refused: 0 });
    return new Promise((resolve, reject) => {
      this.queue.push({ items, statuses, protocol, remoteAddress, mark, resolve, reject });
      this.queued += items.length + statuses.length;
      if (this.queued >= this.maxBatch) {
        this.batchReady?.();
        void this.flush();
      } else this.timer ??= setTimeout(() => void this.flush(), this.maxDelayMs);
    });
  }

  /** Stops following the bus (the geofence indexes are the owner's to stop). */
  close() {
    this.devices.stopListening();
    this.anchors.stopListening();
    this.filterBounds.stopListening();
  }

  /**
   * Writes everything queued; resolves when the queue is empty (used on shutdown too). Callers
   * share one drain: each caller used to wait and then take whatever had queued by the time it
   * woke, which split the reports of one turn into many small batches.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
      // Reports queued after the last batch was taken but before this ran.
      if (this.queue.length > 0 || this.rebuilds.length > 0 || this.forgetting.length > 0)
        void this.flush();
    });
    return this.draining;
  }

  /**
   * Prepares batch N+1 (devices, normalise, steps: this process's CPU) while batch N commits
   * (the database's work), so neither waits for the other. One commit at a time, in order,
   * which keeps each device's positions in order.
   */
  private async drain() {
    let committing: Promise<void> | undefined;
    while (this.queue.length > 0 || this.rebuilds.length > 0 || this.forgetting.length > 0) {
      if (this.forgetting.length > 0) {
        await committing;
        committing = undefined;
        this.states.clear();
        this.uncommitted.clear();
        for (const resolve of this.forgetting.splice(0)) resolve();
        continue;
      }
      if (this.rebuilds.length > 0) {
        // On committed states only: no batch is prepared on the states a rebuild replaces.
        await committing;
        committing = undefined;
        await this.runRebuilds();
        continue;
      }
      const batch = this.queue;
      this.queue = [];
      this.queued = 0;
      const prepared = await this.prepare(batch).catch((error: unknown) => {
        this.fail(batch, error);
        return undefined;
      });
      if (committing) await committing;
      if (prepared) committing = this.commit(prepared);
      // Let reports arrive until a full batch waits or the database is done, whichever is
      // first: the devices just acknowledged are sending their next reports, and a whole batch
      // costs less per position than a fragment (PGlite answers without ever yielding).
      await this.nextBatchOr(committing);
    }
    await committing;
  }

  /**
   * Rebuilds a tracker's trips, stops and daily summaries from `from` (its oldest late fix) as
   * if its history had come in time order; run by the trips-rebuild job. The segmentation's
   * state lives here, so the rebuild runs in this queue, between two commits.
   */
  rebuildTrips(deviceId: number, from: Date): Promise<void> {
    const waiting = this.rebuildFrom.get(deviceId);
    this.rebuildFrom.delete(deviceId);
    const since = waiting && waiting < from ? waiting : from;
    return new Promise((resolve, reject) => {
      this.rebuilds.push({ deviceId, from: since, resolve, reject });
      void this.flush();
    });
  }

  /**
   * Drops every device state held, between two commits: the next report of each device
   * reads its state from the database again. A worker that takes a partition of the position
   * stream over calls it, since another worker may have moved those devices on meanwhile.
   */
  forgetStates(): Promise<void> {
    return new Promise((resolve) => {
      this.forgetting.push(resolve);
      void this.flush();
    });
  }

  private async runRebuilds() {
    const rebuilds = this.rebuilds;
    this.rebuilds = [];
    for (const rebuild of rebuilds) {
      try {
        const id = rebuild.deviceId;
        if (!this.states.has(id))
          for (const [key, state] of await store.loadStates(this.database.db, [id]))
            this.states.set(key, state);
        const state = this.states.get(id);
        const device = await store.deviceAccountZone(this.database.db, id);
        if (state && device) {
          const indexes = await this.geofences.forAccounts([device.accountId]);
          const next = await rebuildTrips(this.database.db, {
            deviceId: id,
            accountId: device.accountId,
            zone: device.zone,
            from: rebuild.from,
            state,
            geofences: indexes.get(device.accountId)!,
          });
          if (next) this.states.set(id, next);
        }
        rebuild.resolve();
      } catch (error) {
        rebuild.reject(error);
      }
    }
  }

  /**
   * Late fixes are rebuilt by a job, not in their batch: a rebuild reads the tracker's stored
   * history (a day or more of fixes), which would hold up every other device's batch; and many
   * late batches of one device (a buffer uploaded in chunks) make one rebuild.
   */
  private async queueRebuilds(late: ReadonlyMap<number, Date>) {
    if (!this.jobs) return;
    for (const [deviceId, from] of late) {
      const waiting = this.rebuildFrom.get(deviceId);
      if (waiting && waiting <= from) continue;
      this.rebuildFrom.set(deviceId, from);
      if (waiting) continue;
      try {
        await this.jobs.enqueue('trips-rebuild', { device_id: deviceId, from: from.toISOString() });
      } catch (error) {
        this.rebuildFrom.delete(deviceId);
        this.log.error({ err: error, deviceId }, 'trips rebuild after late fixes not queued');
      }
    }
  }

  private nextBatchOr(committing: Promise<void> | undefined): Promise<void> {
    const turn = new Promise<void>((resolve) => setImmediate(resolve));
    if (!committing) return turn;
    return turn.then(() =>
      this.queued >= this.maxBatch
        ? undefined
        : new Promise<void>((resolve) => {
            this.batchReady = resolve;
            void committing.then(resolve);
          }).finally(() => (this.batchReady = undefined)),
    );
  }

  private fail(batch: Pending[], error: unknown) {
    this.log.error({ err: error }, 'position batch failed; devices were not acknowledged');
    for (const pending of batch) pending.reject(error);
  }

  /** Reports that heard BLE beacons but have no GPS fix are placed at the anchor they heard. */
  private async locateBleReports<T extends { raw: RawPosition; device: { accountId: number } }>(
    accepted: T[],
  ): Promise<T[]> {
    const hearing = accepted.filter(({ raw }) => raw.bleBeacons?.length);
    if (hearing.length === 0) return accepted;
    const anchors = await this.anchors.forAccounts(hearing.map(({ device }) => device.accountId));
    return accepted.map((entry) =>
      entry.raw.bleBeacons?.length
        ? { ...entry, raw: locateAtAnchor(entry.raw, anchors.get(entry.device.accountId)) }
        : entry,
    );
  }

  private async prepare(batch: Pending[]): Promise<PreparedBatch> {
    // The states this batch builds on; a commit failing meanwhile makes them stale.
    const epoch = this.epoch;
    const now = this.now();
    const serials = batch.flatMap((p) => p.items.map((i) => i.serial));
    const known = await this.devices.resolve([
      ...serials,
      ...batch.flatMap((p) => p.statuses.map((st) => st.serial)),
    ]);

    const results: SubmitResult[] = [];
    const accepted: { raw: RawPosition; device: NonNullable<ReturnType<typeof known.get>> }[] = [];
    for (const pending of batch) {
      const unknown = new Map<string, number>();
      let count = 0;
      let refused = 0;
      for (const raw of pending.items) {
        const device = known.get(raw.serial);
        if (device?.deactivated) refused++;
        else if (device) {
          accepted.push({ raw, device });
          count++;
        } else unknown.set(raw.serial, (unknown.get(raw.serial) ?? 0) + 1);
      }
      if (unknown.size > 0)
        await this.devices.recordUnknown(unknown, pending.protocol, pending.remoteAddress);
      results.push({ stored: count, unknown: pending.items.length - count - refused, refused });
    }

    const { positions, dropped } = normaliseBatch(await this.locateBleReports(accepted), now);
    const deviceIds = [...new Set(positions.map((p) => p.deviceId))];
    const missing = deviceIds.filter((id) => !this.states.has(id) && !this.uncommitted.has(id));
    for (const [id, state] of await store.loadStates(this.database.db, missing))
      this.states.set(id, state);

    const refs = new Map(accepted.map(({ device }) => [device.id, device]));
    await this.addresses.fill(positions);
    const accountIds = positions.map((p) => p.accountId);
    const indexes = await this.geofences.forAccounts(accountIds);
    await this.filterBounds.load(accountIds);
    const outcome = runSteps(positions, this.stateView, {
      geofencesOf: (accountId) => indexes.get(accountId)!,
      deviceName: (id) => refs.get(id)?.name ?? `Tracker #${id}`,
      triggers: (id) => refs.get(id)?.triggers,
      zoneOf: (id) => refs.get(id)?.zone,
      zoneDays: this.zoneDays,
      filterBounds: (accountId) => (this.measuring ? this.filterBounds.of(accountId) : undefined),
      measureTrips: this.measuring,
      now,
    });

    // Unknown serials' heartbeats are ignored: their positions are what gets counted.
    const statuses = statusWrites(
      batch.flatMap((p) =>
        p.statuses.flatMap((status) => {
          const device = known.get(status.serial);
          return device && !device.deactivated ? [{ deviceId: device.id, status }] : [];
        }),
      ),
    );

    // The next batch is prepared on top of these states before this one commits.
    if (epoch === this.epoch) {
      for (const { position, state } of outcome.current)
        this.uncommitted.set(position.deviceId, state);
      for (const { deviceId, state } of outcome.held) this.uncommitted.set(deviceId, state);
    }
    return {
      batch,
      results,
      positions,
      outcome,
      statuses,
      dropped: dropped.length,
      unknown: results.reduce((sum, r) => sum + r.unknown, 0),
      refused: results.reduce((sum, r) => sum + r.refused, 0),
      epoch,
    };
  }

  private async commit(prepared: PreparedBatch) {
    const { batch, positions, outcome, statuses } = prepared;
    if (prepared.epoch !== this.epoch) {
      // Prepared on the states of a batch that failed: not stored, so not acknowledged.
      this.fail(batch, new Error('an earlier batch failed; resend'));
      return;
    }
    let eventIds: { id: number }[] = [];
    try {
      await this.database.db.transaction(async (tx) => {
        await store.ensurePartitions(
          tx,
          positions,
          this.partitions,
          this.database.kind === 'pglite',
        );
        await store.storePositions(this.database, tx, positions);
        await store.markJumps(tx, outcome.retractions);
        await store.upsertCurrentPositions(tx, outcome.current);
        await store.updateDeviceFlags(tx, outcome.flags);
        await store.applyStatuses(tx, statuses);
        await store.recordVisits(tx, outcome.transitions);
        eventIds = await store.insertEvents(tx, outcome.events);
        await store.insertTrips(tx, outcome.trips);
        await store.insertStops(tx, outcome.trips);
        await store.addDailySummaries(tx, outcome.trips);
        await advanceMarks(
          tx,
          batch.flatMap((p) => (p.mark ? [p.mark] : [])),
        );
      });
    } catch (error) {
      this.epoch++;
      this.uncommitted.clear();
      this.fail(batch, error);
      return;
    }

    // Committed: from here on the state is true, and devices may be acknowledged.
    for (const { deviceId, state } of [
      ...outcome.current.map(({ position, state }) => ({ deviceId: position.deviceId, state })),
      ...outcome.held,
    ]) {
      this.states.set(deviceId, state);
      if (this.uncommitted.get(deviceId) === state) this.uncommitted.delete(deviceId);
    }
    // A heartbeat's battery is the tracker's now (applyStatuses wrote it): the state carries
    // it, or the next fix would write the battery of the fix before back over it. (A batch
    // prepared meanwhile keeps the older one until its own commit: states it built on are its.)
    for (const { deviceId, battery } of statuses) {
      const state = battery === null ? undefined : this.states.get(deviceId);
      if (state && !this.uncommitted.has(deviceId))
        this.states.set(deviceId, { ...state, battery });
    }
    // Queued before the devices are acknowledged: if the process stops in between, the device
    // sends its fixes again and they queue the rebuild then.
    await this.queueRebuilds(outcome.late);
    batch.forEach((pending, i) => pending.resolve(prepared.results[i]!));
    // Presented only when someone listens (the bus calls these lazily).
    if (outcome.current.length > 0) {
      this.bus.publish('positions.committed', () => ({
        positions: outcome.current.map(({ position, state }) => committedPosition(position, state)),
      }));
    }
    if (outcome.events.length > 0) {
      this.bus.publish('device-events.created', () => ({
        events: outcome.events.map((event, i) => ({
          account_id: event.accountId,
          event: presentEvent(event, eventIds[i]?.id ?? 0),
          geofence_id: event.geofenceId,
        })),
      }));
    }

    this.stats.batches++;
    this.stats.stored += positions.length;
    this.stats.dropped += prepared.dropped;
    this.stats.filtered += outcome.filtered;
    this.stats.unknown += prepared.unknown;
    this.stats.refused += prepared.refused;
  }
}
