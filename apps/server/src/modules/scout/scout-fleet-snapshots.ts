import type { DeviceListItem } from '@waymark/domain';
import type { Bus } from '../../events/bus';
import type { CommittedPosition } from '../../events/catalogue';

/**
 * Read anew after this long, whatever the bus said: a maximum age rather than more events.
 * Every write by a person or a job (devices, subscriptions through payments, renewals and the
 * admin utilities, provisioning, SIM swaps, groups) already publishes `device.changed` or
 * `group.changed`, so those are seen at once. What is left has no event to publish from a
 * service: heartbeat reports write a battery and the device flags without a committed
 * position, the flags a position sets are not in `positions.committed`, and on NATS (core
 * subjects, at most once) an event may be lost or come before this process has subscribed.
 * The age bounds those; its cost is one read for the first answer after a quiet minute.
 */
export const SNAPSHOT_MAX_AGE_MS = 60_000;
/** Snapshots held at once (keys: account, visibility, statuses); the least recently used go. */
export const SNAPSHOTS_MAX = 32;

/** What a snapshot is read from: the trackers list as ScoutFleet reads it (device-list rows). */
export type TrackersRead = () => Promise<DeviceListItem[]>;

/**
 * Whose list: `key` is the same for everyone who gets the same list (ScoutFleet's
 * trackersListOf: the account, the trackers its member may see, the statuses listed).
 */
export interface TrackersListOf {
  accountId: number;
  key: string;
}

/** One key's list: in reading, then held and kept current from the bus. */
class Snapshot {
  /** Ids in the list's order (name, id): positions never change it. */
  private order: number[] | undefined;
  private byId = new Map<number, DeviceListItem>();
  /** The list as answers get it; built again after positions changed items. */
  private list: readonly DeviceListItem[] | undefined;
  /**
   * Positions committed since the list was last built (or while the read was under way),
   * newest per tracker: presented and applied only when an answer asks, so a snapshot costs
   * the pipeline a map entry per position however fast positions come.
   */
  private readonly arrived = new Map<number, CommittedPosition>();
  ready: Promise<void> = Promise.resolve();

  constructor(
    readonly accountId: number,
    readonly generation: number,
    readonly startedAt: number,
  ) {}

  fill(items: DeviceListItem[]) {
    this.order = items.map((item) => item.id);
    this.byId = new Map(items.map((item) => [item.id, item]));
    // The read may have been taken before or after the positions that arrived meanwhile: the
    // timestamps decide when they are applied (current).
    this.list = Object.freeze(items);
  }

  receive(committed: CommittedPosition) {
    // Not a tracker this key sees (or not listed for its status).
    if (this.order && !this.byId.has(committed.device_id)) return;
    const held = this.arrived.get(committed.device_id);
    if (!held || held.time <= committed.time) this.arrived.set(committed.device_id, committed);
  }

  /** The list now: one array per change, never changed afterwards (an answer reads it whole). */
  current(): readonly DeviceListItem[] {
    for (const committed of this.arrived.values()) this.apply(committed);
    this.arrived.clear();
    return (this.list ??= Object.freeze(this.order!.map((id) => this.byId.get(id)!)));
  }

  /** A tracker's newer (or equally new) position replaces the held one; the item is new. */
  private apply(committed: CommittedPosition) {
    const item = this.byId.get(committed.device_id);
    if (!item) return; // not a tracker this key sees (or not listed for its status)
    const held = item.current_position;
    if (held && Date.parse(held.timestamp) > committed.time) return;
    // As the list has it: its rows carry no vehicle readings (those are the details' own).
    const { ignition: _i, engine_hours: _h, driver: _d, ...listed } = committed.position;
    this.byId.set(item.id, { ...item, current_position: listed });
    this.list = undefined;
  }
}

/**
 * Scout's trackers lists held in memory per account, visibility and listed statuses, so an
 * answer does not read the whole list again (at 10,000 trackers that read was about 190 ms of
 * every answer). A snapshot's first read is ScoutFleet's own read of device-list; from then on
 * `positions.committed` replaces a tracker's current position (as the web app's realtime
 * channel does), and `device.changed` or `group.changed` drops the account's snapshots, so the
 * next answer reads anew. Two answers asking at once share one read. A read under way when
 * the account changes is never kept (its generation is old). Positions are held newest per
 * tracker and applied when an answer asks (during a read too), the newer fix winning. A member whose access changed has
 * another key (the actor is read for every answer), so `membership.changed` needs nothing.
 *
 * Each process holds its own: on NATS every process subscribes to every event subject (no
 * queue groups), so `positions.committed` of any process's pipeline reaches each of them.
 * Positions are followed only while a snapshot is held, so a process nobody asks Scout in
 * presents nothing for it. Memory is bounded: a snapshot lives at most SNAPSHOT_MAX_AGE_MS,
 * and at most SNAPSHOTS_MAX are held.
 */
export class ScoutFleetSnapshots {
  private readonly snapshots = new Map<string, Snapshot>();
  /** Per account, bumped by every change that drops its snapshots. */
  private readonly generations = new Map<number, number>();
  private readonly subscriptions: (() => void)[] = [];
  private stopFollowing: (() => void) | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private started = false;
  /** Lists read from the database so far (tests and benches). */
  reads = 0;

  constructor(
    private readonly bus: Bus,
    private readonly now: () => number = Date.now,
  ) {}

  start() {
    this.started = true;
    this.subscriptions.push(
      this.bus.subscribe('device.changed', ({ account_id, serials }) => {
        // No serials: the publisher does not know what changed (the demo's seed), so all.
        if (serials.length === 0) this.dropAll();
        else this.drop(account_id);
      }),
      this.bus.subscribe('group.changed', ({ account_id }) => this.drop(account_id)),
    );
    this.sweeper = setInterval(() => this.sweep(), SNAPSHOT_MAX_AGE_MS / 2);
    this.sweeper.unref();
  }

  stop() {
    this.started = false;
    for (const unsubscribe of this.subscriptions.splice(0)) unsubscribe();
    clearInterval(this.sweeper);
    this.snapshots.clear();
    this.follow();
  }

  /** Snapshots held now. */
  get size() {
    return this.snapshots.size;
  }

  /**
   * The trackers list of `of`: the held snapshot of its key, or `read` once for all who ask
   * meanwhile. Stopped (the app closing), it reads every time.
   */
  async trackers(of: TrackersListOf, read: TrackersRead): Promise<readonly DeviceListItem[]> {
    if (!this.started) return read();
    const { key, accountId } = of;
    const now = this.now();
    let snapshot = this.snapshots.get(key);
    if (snapshot && !this.fresh(snapshot, now)) {
      this.snapshots.delete(key);
      snapshot = undefined;
    }
    snapshot ??= this.load(key, accountId, read, now);
    // Map order is use order: the first is the least recently used.
    this.snapshots.delete(key);
    this.snapshots.set(key, snapshot);
    this.trim();
    await snapshot.ready;
    return snapshot.current();
  }

  private load(key: string, accountId: number, read: TrackersRead, now: number) {
    const snapshot = new Snapshot(accountId, this.generationOf(accountId), now);
    this.snapshots.set(key, snapshot);
    // Following before the read starts: no commit after the read's snapshot is missed.
    this.follow();
    this.reads++;
    snapshot.ready = read().then(
      (items) => snapshot.fill(items),
      (error: unknown) => {
        if (this.snapshots.get(key) === snapshot) this.snapshots.delete(key);
        this.follow();
        throw error;
      },
    );
    return snapshot;
  }

  private fresh(snapshot: Snapshot, now: number) {
    return (
      snapshot.generation === this.generationOf(snapshot.accountId) &&
      now - snapshot.startedAt < SNAPSHOT_MAX_AGE_MS
    );
  }

  private generationOf(accountId: number) {
    return this.generations.get(accountId) ?? 0;
  }

  /** The account changed: its snapshots, held or in reading, are read anew when next asked. */
  private drop(accountId: number) {
    this.generations.set(accountId, this.generationOf(accountId) + 1);
    for (const [key, snapshot] of this.snapshots)
      if (snapshot.accountId === accountId) this.snapshots.delete(key);
    this.follow();
  }

  private dropAll() {
    for (const snapshot of this.snapshots.values()) this.drop(snapshot.accountId);
  }

  private trim() {
    for (const key of this.snapshots.keys()) {
      if (this.snapshots.size <= SNAPSHOTS_MAX) break;
      this.snapshots.delete(key);
    }
  }

  /** Drops what is too old to be used again. */
  private sweep() {
    const now = this.now();
    for (const [key, snapshot] of this.snapshots)
      if (!this.fresh(snapshot, now)) this.snapshots.delete(key);
    this.follow();
  }

  /** Follows committed positions exactly while a snapshot is held. */
  private follow() {
    const wanted = this.snapshots.size > 0;
    if (wanted && !this.stopFollowing) {
      this.stopFollowing = this.bus.subscribe('positions.committed', ({ positions }) =>
        this.receive(positions),
      );
    } else if (!wanted && this.stopFollowing) {
      this.stopFollowing();
      this.stopFollowing = undefined;
    }
  }

  private receive(positions: readonly CommittedPosition[]) {
    const byAccount = new Map<number, Snapshot[]>();
    for (const snapshot of this.snapshots.values()) {
      const held = byAccount.get(snapshot.accountId);
      if (held) held.push(snapshot);
      else byAccount.set(snapshot.accountId, [snapshot]);
    }
    for (const committed of positions) {
      for (const snapshot of byAccount.get(committed.account_id) ?? []) snapshot.receive(committed);
    }
  }
}
