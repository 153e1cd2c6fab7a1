import type { FastifyBaseLogger } from 'fastify';
import { onFix, type ArrivalPrediction, type ClockFix } from '@waymark/domain';
import type { RoadRouter } from '../../adapters/routing/road-router';
import { greatCircleRouter } from '../../adapters/routing/great-circle-router';
import type { DomainEvents } from '../../events/catalogue';
import { OngoingShipments, type OngoingShipment } from './ongoing-shipments';
import { ShipmentRoutes } from './shipment-routes';
import { PredictionWriter } from './prediction-writer';
import { predictionRow, type PredictionInsert } from './shipment-clock.queries';
import { writeTransitions, type ShipmentWriter, type Transition } from './shipment-transitions';

type Committed = DomainEvents['positions.committed']['positions'];

/**
 * The shipment clock's position half: it follows `positions.committed` and moves the ongoing
 * shipments of the trackers that moved through the pure rules (onFix): begin, arrival, late
 * and notify, and a predicted arrival per fix, kept as `keeping` says and written together
 * once a second (PredictionWriter). Cheap per position: ongoing shipments are held by tracker
 * in memory (OngoingShipments), read again when `shipment.changed`, `device.changed` or
 * `geofence.changed` says they changed. It follows positions only while
 * there are ongoing shipments, so an account without any costs the pipeline nothing.
 * Batches are handled one round at a time, in order; positions arriving meanwhile wait and go
 * in the next round together. With a routing engine (ROUTING_URL), each shipment under way
 * predicts with the road distance it answered last (ShipmentRoutes), never waiting for it.
 */
export class ShipmentClock {
  readonly ongoing: OngoingShipments;
  readonly routes: ShipmentRoutes;
  private readonly predictions: PredictionWriter;
  private readonly waiting: Committed[] = [];
  private running: Promise<void> | undefined;
  private stopFollowing: (() => void) | undefined;
  private readonly subscriptions: (() => void)[] = [];

  constructor(
    private readonly ctx: ShipmentWriter,
    private readonly log: FastifyBaseLogger,
    router: RoadRouter = greatCircleRouter(),
  ) {
    this.routes = new ShipmentRoutes(router, log);
    this.predictions = new PredictionWriter(ctx.database.db, log);
    this.ongoing = new OngoingShipments(ctx.database.db, log, () => this.followPositions());
  }

  /** Reads the ongoing shipments and starts following the bus. */
  start() {
    const { bus } = this.ctx;
    this.subscriptions.push(
      bus.subscribe('shipment.changed', ({ shipment_ids }) => {
        void this.ongoing.reload({ ids: shipment_ids });
      }),
      bus.subscribe('device.changed', ({ device_id }) => {
        void this.ongoing.reload({ deviceIds: [device_id] });
      }),
      bus.subscribe('geofence.changed', ({ account_id }) => {
        void this.ongoing.reload({ accountId: account_id });
      }),
    );
    void this.ongoing.reload({ all: true });
  }

  /** Stops following the bus once the rounds and reloads under way are done. */
  async stop() {
    for (const unsubscribe of this.subscriptions.splice(0)) unsubscribe();
    this.stopFollowing?.();
    this.stopFollowing = undefined;
    await this.settled();
  }

  /** True while it follows committed positions (there are ongoing shipments). */
  get following() {
    return this.stopFollowing !== undefined;
  }

  /**
   * Resolves when the positions received so far have moved their shipments, their predictions
   * are written, and the routing engine has answered the questions they raised (tests).
   */
  async settled() {
    await this.ongoing.settled();
    while (this.running) await this.running;
    await this.predictions.flush();
    await this.routes.settled();
  }

  /** Follows committed positions exactly while there are ongoing shipments or reloads. */
  private followPositions() {
    const wanted = this.ongoing.size > 0 || this.ongoing.loading;
    if (wanted && !this.stopFollowing) {
      // This process's commits only: each worker moves the shipments of the devices it holds.
      this.stopFollowing = this.ctx.bus.subscribe(
        'positions.committed',
        ({ positions }) => this.receive(positions),
        { from: 'this-process' },
      );
    } else if (!wanted && this.stopFollowing) {
      this.stopFollowing();
      this.stopFollowing = undefined;
    }
  }

  private receive(positions: Committed): Promise<void> {
    this.waiting.push(positions);
    // A round starts on the next turn, once the pipeline has sent its next batch to the
    // database: the clock's work then overlaps the database's instead of holding that batch
    // back (bench:shipments).
    this.running ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async drain() {
    while (this.waiting.length > 0) {
      // A shipment created or changed just before these positions is in the index first.
      await this.ongoing.settled();
      const positions = this.waiting.splice(0).flat();
      try {
        await this.advance(positions);
      } catch (err) {
        this.log.error({ err }, 'shipment clock round failed');
      }
    }
  }

  /** One round: every fix through the rules, then one write of what changed. */
  private async advance(positions: Committed) {
    const changed = new Map<number, { entry: OngoingShipment; transition: Transition }>();
    const predictions: PredictionInsert[] = [];
    for (const position of positions) {
      for (const entry of this.ongoing.of(position.device_id)) {
        const fix: ClockFix = position;
        // Routes are asked for only once the shipment is under way (not for a parked tracker).
        const road =
          entry.clock.beganAt === null
            ? null
            : this.routes.roadFor(entry.facts.id, entry.clock.to, fix);
        const step = onFix(entry.clock, fix, road);
        entry.clock = step.clock;
        const keep = step.prediction && keeping(entry, step.prediction);
        if (step.prediction && keep) {
          const moved = keep === 'moved';
          entry.kept = {
            at: step.prediction.at,
            estimatedEndAt: moved ? step.prediction.estimatedEndAt : entry.kept!.estimatedEndAt,
          };
          predictions.push(predictionRow(entry.facts.id, step.prediction, moved));
        }
        const earlier = changed.get(entry.facts.id)?.transition;
        if (step.events.length === 0 && !earlier) continue;
        // Several fixes of one tracker in a round: one write with all their events.
        changed.set(entry.facts.id, {
          entry,
          transition: {
            facts: entry.facts,
            clock: step.clock,
            events: [...(earlier?.events ?? []), ...step.events],
          },
        });
      }
    }
    this.predictions.add(predictions);
    if (changed.size === 0) return;
    const written = await writeTransitions(
      this.ctx,
      [...changed.values()].map((c) => c.transition),
    );
    const lost: number[] = [];
    for (const [id, { entry }] of changed) {
      // Written: the next round writes over the new version even before the reload.
      if (written.has(id)) entry.facts = { ...entry.facts, version: entry.facts.version + 1 };
      else lost.push(id);
    }
    // Changed meanwhile (an edit, an End): read again. The rules derive begin, arrival and
    // lateness from the state, so the next fix makes up for this one.
    if (lost.length > 0) void this.ongoing.reload({ ids: lost });
  }
}

/**
 * A prediction within KEEP_WITHIN_MS (or KEEP_WITHIN_SHARE of the time still to go, if more)
 * of the stored estimate is not written, unless KEEP_EVERY_MS of fixes passed since the last
 * one kept: then it goes to the history only (a heartbeat), and the shipment's stored
 * estimate, never further off than the bound, is not rewritten. A fleet does not write a row
 * per position (the clock's writes were most of its cost to the pipeline; bench:shipments);
 * the rules always work on the newest prediction in memory. The history stays exact to the
 * bound without heartbeats (an estimate holds until the next row); they say the tracker was
 * still predicting, which a quarter of an hour shows as well as five minutes did, with a third
 * of the rows (on a steady drive they were nine in ten of the rows written).
 */
export const KEEP_WITHIN_MS = 60_000;
export const KEEP_WITHIN_SHARE = 0.02;
export const KEEP_EVERY_MS = 15 * 60_000;

/** 'moved' when the estimate moved past the bound, 'heartbeat' when only time passed. */
function keeping(entry: OngoingShipment, p: ArrivalPrediction): 'moved' | 'heartbeat' | null {
  const kept = entry.kept;
  if (!kept) return 'moved';
  const within = Math.max(KEEP_WITHIN_MS, (p.estimatedEndAt - p.at) * KEEP_WITHIN_SHARE);
  if (Math.abs(p.estimatedEndAt - kept.estimatedEndAt) >= within) return 'moved';
  return p.at - kept.at >= KEEP_EVERY_MS ? 'heartbeat' : null;
}
