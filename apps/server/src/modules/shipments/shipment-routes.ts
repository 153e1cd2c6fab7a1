import type { FastifyBaseLogger } from 'fastify';
import {
  distanceMetres,
  placeTarget,
  type RoadDistance,
  type ShipmentPlace,
} from '@waymark/domain';
import type { RoadRouter } from '../../adapters/routing/road-router';

/** A shipment's tracker this far (straight line) from where the route was measured: ask again. */
export const ROUTE_AGAIN_AFTER_M = 1000;
/** ...or this much later by its fixes (traffic and the road ahead change). */
export const ROUTE_AGAIN_AFTER_MS = 5 * 60_000;
/** After the engine failed for a shipment, it is asked again for it only this much later. */
export const ROUTE_RETRY_AFTER_MS = 60_000;
/** Questions under way at once: more waiting shipments are asked on their next fixes. */
export const ROUTES_IN_FLIGHT = 8;
/** A shipment not heard of for this long is forgotten (finished, deleted, or silent). */
const FORGET_AFTER_MS = 60 * 60_000;

interface Known {
  /** The newest answer, or null after a failure (the great circle stands meanwhile). */
  road: RoadDistance | null;
  /** Fix time and place it was asked at (the answer may still be under way). */
  askedAt: number;
  askedFrom: { lat: number; lng: number };
  target: { lat: number; lng: number };
  inFlight: boolean;
  /** Wall-clock time of the last failure; 0 if none. */
  failedAt: number;
  /** Wall-clock time it was last looked up. */
  seenAt: number;
}

/**
 * The road distance of each ongoing shipment, for the shipment clock. A fix never waits for
 * the routing engine: it gets the newest answer at hand (from up to ROUTE_AGAIN_AFTER_M back,
 * whose road factor still holds for the distance left), and a new question is sent in the
 * background once the tracker moved that far or ROUTE_AGAIN_AFTER_MS passed; its answer
 * serves the next fixes. A failure or a timeout leaves the shipment on the great circle times
 * the road factor for ROUTE_RETRY_AFTER_MS. With a router that measures no roads (the default),
 * nothing is asked and the clock makes the great-circle estimate itself.
 */
export class ShipmentRoutes {
  private readonly known = new Map<number, Known>();
  private readonly underWay = new Set<Promise<void>>();
  private lookups = 0;
  private warnedAt = 0;
  /** Answers and failures so far (figures for the bench and the tests). */
  readonly counts = { asked: 0, answered: 0, failed: 0 };

  constructor(
    private readonly router: RoadRouter,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The road distance to use for this fix of the shipment, or null for the great circle.
   * Sends a question in the background when the one at hand is too old.
   */
  roadFor(
    shipmentId: number,
    to: ShipmentPlace | null,
    fix: { time: number; lat: number; lng: number },
  ): RoadDistance | null {
    if (!this.router.measuresRoads || !to) return null;
    const wall = this.now();
    if (++this.lookups % 10_000 === 0) this.forgetOld(wall);
    const target = placeTarget(to);
    let known = this.known.get(shipmentId);
    if (known && (known.target.lat !== target.lat || known.target.lng !== target.lng)) {
      // The end place moved (its geofence was edited): the old route leads elsewhere.
      this.known.delete(shipmentId);
      known = undefined;
    }
    if (known) known.seenAt = wall;
    if (this.shouldAsk(known, fix, wall)) this.ask(shipmentId, known, target, fix, wall);
    return this.known.get(shipmentId)?.road ?? null;
  }

  /** Resolves when the questions under way have been answered or have failed (tests). */
  async settled() {
    while (this.underWay.size > 0) await Promise.all([...this.underWay]);
  }

  private shouldAsk(
    known: Known | undefined,
    fix: { time: number; lat: number; lng: number },
    wall: number,
  ) {
    if (this.underWay.size >= ROUTES_IN_FLIGHT) return false;
    if (!known) return true;
    if (known.inFlight) return false;
    if (known.failedAt > 0 && wall - known.failedAt < ROUTE_RETRY_AFTER_MS) return false;
    if (known.road === null) return true;
    return (
      fix.time - known.askedAt >= ROUTE_AGAIN_AFTER_MS ||
      distanceMetres(known.askedFrom.lat, known.askedFrom.lng, fix.lat, fix.lng) >=
        ROUTE_AGAIN_AFTER_M
    );
  }

  private ask(
    shipmentId: number,
    known: Known | undefined,
    target: { lat: number; lng: number },
    fix: { time: number; lat: number; lng: number },
    wall: number,
  ) {
    const from = { lat: fix.lat, lng: fix.lng };
    const entry: Known = {
      road: known?.road ?? null,
      askedAt: fix.time,
      askedFrom: from,
      target,
      inFlight: true,
      failedAt: known?.failedAt ?? 0,
      seenAt: wall,
    };
    this.known.set(shipmentId, entry);
    this.counts.asked++;
    const question = this.router.route(from, target).then(
      (route) => {
        this.counts.answered++;
        entry.road = { from, to: target, distanceM: route.distanceM, durationS: route.durationS };
        entry.failedAt = 0;
      },
      (err: unknown) => {
        this.counts.failed++;
        entry.road = null;
        entry.failedAt = this.now();
        // Once a minute at most: an engine down fails for every shipment at once.
        if (entry.failedAt - this.warnedAt >= ROUTE_RETRY_AFTER_MS) {
          this.warnedAt = entry.failedAt;
          this.log.warn({ err, shipmentId }, 'routing engine failed; great circle meanwhile');
        }
      },
    );
    const tracked = question.finally(() => {
      entry.inFlight = false;
      this.underWay.delete(tracked);
    });
    this.underWay.add(tracked);
  }

  private forgetOld(wall: number) {
    for (const [id, known] of this.known) {
      if (!known.inFlight && wall - known.seenAt > FORGET_AFTER_MS) this.known.delete(id);
    }
  }
}
