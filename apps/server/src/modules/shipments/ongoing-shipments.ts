import type { FastifyBaseLogger } from 'fastify';
import { seenBeforeStart, type ShipmentClock } from '@waymark/domain';
import type { Db } from '../../db/client';
import { clockOfRow, factsOfRow, type ShipmentFacts } from './shipment-clock.rows';
import { newestFixes } from './shipment-clock.queries';
import { ongoingShipmentRows } from './shipments.queries';

/** One ongoing shipment as the clock holds it: what it writes with, and its clock. */
export interface OngoingShipment {
  facts: ShipmentFacts;
  clock: ShipmentClock;
  /**
   * When the last prediction was written to the history, and the estimate stored on the
   * shipment (the clock writes only when it moved or time passed; see `keeping`).
   */
  kept?: { at: number; estimatedEndAt: number };
}

/** Which shipments to read again: some by id, those of some trackers, or one account's. */
export type Reload =
  | { all: true }
  | { ids: readonly number[] }
  | { deviceIds: readonly number[] }
  | { accountId: number };

/**
 * Every ongoing shipment of every account, by tracker, so a position costs one map lookup.
 * Reloads are queued and run one after the other (a later one always sees the newer rows);
 * `settled()` waits for those queued so far. A reloaded shipment keeps the recent track and
 * speed the clock learned from positions, which the database does not hold.
 */
export class OngoingShipments {
  private readonly byId = new Map<number, OngoingShipment>();
  private readonly byDevice = new Map<number, Map<number, OngoingShipment>>();
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Told after each reload and when one is queued: whether shipments or reloads remain. */
    private readonly onChange: () => void = () => undefined,
  ) {}

  /** Ongoing shipments held. */
  get size() {
    return this.byId.size;
  }

  /** True while a reload is queued or running. */
  get loading() {
    return this.pending > 0;
  }

  /** The ongoing shipments of a tracker (usually none or one). */
  of(deviceId: number): Iterable<OngoingShipment> {
    return this.byDevice.get(deviceId)?.values() ?? [];
  }

  /** Queues a reload; resolves when it is done (failures are logged, never thrown). */
  reload(what: Reload): Promise<void> {
    this.pending++;
    this.onChange();
    this.chain = this.chain
      .then(() => this.apply(what))
      .catch((err: unknown) => this.log.error({ err, reload: what }, 'ongoing shipments not read'))
      .finally(() => {
        this.pending--;
        this.onChange();
      });
    return this.chain;
  }

  /** Resolves once the reloads queued so far are done. */
  async settled() {
    let seen: Promise<void> | undefined;
    while (seen !== this.chain) {
      seen = this.chain;
      await seen;
    }
  }

  private async apply(what: Reload) {
    const rows = await ongoingShipmentRows(this.db, 'all' in what ? {} : what);
    const fresh = new Map(rows.map((row) => [row.shipment.id, row]));
    // Those the reload covered and no longer finds are finished, deleted or moved elsewhere.
    for (const entry of this.byId.values()) {
      if (covers(what, entry.facts) && !fresh.has(entry.facts.id)) this.remove(entry.facts.id);
    }
    // A shipment not yet begun and new to the index (created, or after a restart) learns
    // where its tracker was last seen: it left its start, or started away from it.
    const unseen = rows.filter((r) => !this.byId.has(r.shipment.id) && !r.shipment.began_at);
    const newest = await newestFixes(
      this.db,
      unseen.map((r) => r.shipment.device_id),
    );
    for (const row of rows) {
      const known = this.byId.get(row.shipment.id);
      let clock = clockOfRow(row);
      if (known && known.facts.deviceId === row.shipment.device_id) {
        const { track, speedMps, lastFixAt, origin, drivenM, lateSince, insideFrom } = known.clock;
        Object.assign(clock, { track, speedMps, lastFixAt, origin, drivenM, insideFrom });
        // Late since when is about the scheduled end it was measured against.
        if (known.clock.endAt === clock.endAt) clock.lateSince = lateSince;
      } else {
        clock = seenBeforeStart(clock, newest.get(row.shipment.device_id) ?? null);
      }
      this.remove(row.shipment.id);
      this.add({
        facts: factsOfRow(row),
        clock,
        ...(known?.kept && { kept: known.kept }),
      });
    }
  }

  private add(entry: OngoingShipment) {
    this.byId.set(entry.facts.id, entry);
    let ofDevice = this.byDevice.get(entry.facts.deviceId);
    if (!ofDevice) this.byDevice.set(entry.facts.deviceId, (ofDevice = new Map()));
    ofDevice.set(entry.facts.id, entry);
  }

  private remove(id: number) {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    const ofDevice = this.byDevice.get(entry.facts.deviceId);
    ofDevice?.delete(id);
    if (ofDevice?.size === 0) this.byDevice.delete(entry.facts.deviceId);
  }
}

function covers(what: Reload, facts: ShipmentFacts) {
  if ('all' in what) return true;
  if ('ids' in what) return what.ids.includes(facts.id);
  if ('deviceIds' in what) return what.deviceIds.includes(facts.deviceId);
  return facts.accountId === what.accountId;
}
