import type { FastifyBaseLogger } from 'fastify';
import type { AddressCache } from '../adapters/geocoder/address-cache';
import type { Database } from '../db/client';
import type { DeviceStatus, RawPosition } from '../ingest/protocols/types';
import { statusWrites } from './status-writes';
import { channels, type RealtimeHub } from '../realtime/hub';
import { DeviceDirectory } from './device-directory';
import { GeofenceRegistry } from './geofence-registry';
import { AnchorRegistry } from './anchor-registry';
import { locateAtAnchor } from './steps/ble-anchors';
import { normaliseBatch } from './steps/normalise';
import { runSteps } from './run-steps';
import * as store from './pipeline.queries';
import { presentCurrent, presentEvent } from './present';
import type { DeviceState } from './position';

export interface SubmitResult {
  /**
   * Reports of known devices now handled: stored durably, or dropped as impossible (a device
   * is acknowledged for those too, so it does not resend them forever).
   */
  stored: number;
  /** Reports from serials no device has: counted, not stored. */
  unknown: number;
}

interface Pending {
  items: RawPosition[];
  statuses: DeviceStatus[];
  protocol: string;
  remoteAddress: string | undefined;
  resolve: (result: SubmitResult) => void;
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
 * The position path of ARCHITECTURE.md: reports are batched, normalised, run through the pure
 * steps, committed in one transaction, and only then acknowledged and published. One batch is
 * in flight at a time, which keeps each device's positions in order.
 */
export class PositionPipeline {
  readonly devices: DeviceDirectory;
  readonly geofences: GeofenceRegistry;
  readonly anchors: AnchorRegistry;
  private readonly states = new Map<number, DeviceState>();
  private readonly partitions = new Set<string>();
  private queue: Pending[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;
  private readonly now: () => Date;
  /** Counters for logs and benchmarks. */
  readonly stats = { stored: 0, dropped: 0, unknown: 0, batches: 0 };

  constructor(
    private readonly database: Database,
    private readonly addresses: AddressCache,
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
    options: PipelineOptions = {},
  ) {
    this.devices = new DeviceDirectory(database.db, log);
    this.geofences = new GeofenceRegistry(database.db);
    this.anchors = new AnchorRegistry(database.db);
    this.maxBatch = options.maxBatch ?? 5000;
    this.maxDelayMs = options.maxDelayMs ?? 20;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Resolves once the reports are durably stored: the moment a device may be acknowledged.
   * `statuses` are reports without coordinates (heartbeats): battery, charging and SOS of the
   * device, written with the same batch.
   */
  submit(
    items: RawPosition[],
    protocol: string,
    remoteAddress?: string,
    statuses: DeviceStatus[] = [],
  ): Promise<SubmitResult> {
    if (items.length === 0 && statuses.length === 0)
      return Promise.resolve({ stored: 0, unknown: 0 });
    return new Promise((resolve, reject) => {
      this.queue.push({ items, statuses, protocol, remoteAddress, resolve, reject });
      this.queued += items.length + statuses.length;
      if (this.queued >= this.maxBatch) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.maxDelayMs);
    });
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
      if (this.queue.length > 0) void this.flush();
    });
    return this.draining;
  }

  private async drain() {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      this.queued = 0;
      await this.process(batch);
      // One event-loop turn before the next batch: the devices just acknowledged send their
      // next reports and sockets are read (PGlite answers without ever yielding), so the next
      // batch is whole rather than a fragment.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async process(batch: Pending[]) {
    try {
      const results = await this.write(batch);
      batch.forEach((pending, i) => pending.resolve(results[i]!));
    } catch (error) {
      this.log.error({ err: error }, 'position batch failed; devices were not acknowledged');
      for (const pending of batch) pending.reject(error);
    }
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

  private async write(batch: Pending[]): Promise<SubmitResult[]> {
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
      for (const raw of pending.items) {
        const device = known.get(raw.serial);
        if (device) {
          accepted.push({ raw, device });
          count++;
        } else unknown.set(raw.serial, (unknown.get(raw.serial) ?? 0) + 1);
      }
      if (unknown.size > 0)
        await this.devices.recordUnknown(unknown, pending.protocol, pending.remoteAddress);
      results.push({ stored: count, unknown: pending.items.length - count });
    }

    const { positions, dropped } = normaliseBatch(await this.locateBleReports(accepted), now);
    const deviceIds = [...new Set(positions.map((p) => p.deviceId))];
    const missing = deviceIds.filter((id) => !this.states.has(id));
    for (const [id, state] of await store.loadStates(this.database.db, missing))
      this.states.set(id, state);

    const refs = new Map(accepted.map(({ device }) => [device.id, device]));
    await this.addresses.fill(positions);
    const indexes = await this.geofences.forAccounts(positions.map((p) => p.accountId));
    const outcome = runSteps(positions, this.states, {
      geofencesOf: (accountId) => indexes.get(accountId)!,
      deviceName: (id) => refs.get(id)?.name ?? `Tracker #${id}`,
      triggers: (id) => refs.get(id)?.triggers,
    });

    // Unknown serials' heartbeats are ignored: their positions are what gets counted.
    const statuses = statusWrites(
      batch.flatMap((p) =>
        p.statuses.flatMap((status) => {
          const device = known.get(status.serial);
          return device ? [{ deviceId: device.id, status }] : [];
        }),
      ),
    );

    let eventIds: { id: number }[] = [];
    await this.database.db.transaction(async (tx) => {
      await store.ensurePartitions(tx, positions, this.partitions);
      await store.insertPositions(tx, positions);
      await store.upsertCurrentPositions(tx, outcome.current);
      await store.updateDeviceFlags(tx, outcome.flags);
      await store.applyStatuses(tx, statuses);
      await store.recordVisits(tx, outcome.transitions);
      eventIds = await store.insertEvents(tx, outcome.events);
    });

    // Committed: from here on the state is true, and devices may be acknowledged.
    for (const { position, state } of outcome.current) this.states.set(position.deviceId, state);
    for (const { position, state } of outcome.current) {
      const channel = channels.positions(position.accountId);
      if (this.hub.isWatched(channel))
        this.hub.publish(channel, 'PositionUpdated', presentCurrent(position, state));
    }
    outcome.events.forEach((event, i) => {
      const channel = channels.events(event.accountId);
      if (this.hub.isWatched(channel))
        this.hub.publish(channel, 'DeviceEventCreated', presentEvent(event, eventIds[i]?.id ?? 0));
    });

    this.stats.batches++;
    this.stats.stored += positions.length;
    this.stats.dropped += dropped.length;
    this.stats.unknown += serials.length - accepted.length;
    return results;
  }
}
