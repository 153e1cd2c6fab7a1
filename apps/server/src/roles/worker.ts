import type { FastifyBaseLogger } from 'fastify';
import { createRoadRouter } from '../adapters/routing/create-road-router';
import type { AppContext } from '../app-context';
import { RuleEngine } from '../modules/rules/rule-engine';
import { ShipmentClock } from '../modules/shipments/shipment-clock';
import { PositionPipeline } from '../pipeline/pipeline';
import type { WorkerContext } from './worker-context';
import { workJobs } from './worker-jobs';

/**
 * The worker role's root: the pipeline and everything that follows positions (geofences,
 * events, rules, the shipment clock, trips and summaries) and the job queue's handlers. Adds its parts to the shared context, so its jobs see them.
 */
export async function startWorker(
  shared: AppContext,
  log: FastifyBaseLogger,
  options: { rebuildTrips?: WorkerContext['rebuildTrips'] } = {},
) {
  const { database, bus, jobs } = shared;
  const pipeline = new PositionPipeline({
    database,
    addresses: shared.addresses,
    bus,
    geofences: shared.geofenceIndexes,
    log,
    jobs,
  });
  const ctx: WorkerContext = Object.assign(shared, {
    pipeline,
    shipmentClock: new ShipmentClock({ database, bus, jobs }, log, createRoadRouter(shared.config)),
    rules: new RuleEngine({ database, bus, jobs }, log),
    rebuildTrips:
      options.rebuildTrips ??
      ((deviceId: number, from: Date) => pipeline.rebuildTrips(deviceId, from)),
  });
  const unregister = ctx.metrics.register({
    prefix: 'waymark_pipeline',
    labels: {},
    read: () => pipeline.stats,
  });
  ctx.shipmentClock.start();
  ctx.rules.start();
  await workJobs(ctx);
  return {
    ctx,
    /** Lets what is under way finish (the batch, the clock, the rules), then stops following. */
    stop: async () => {
      await pipeline.flush();
      await ctx.shipmentClock.stop();
      await ctx.rules.stop();
      // Running jobs finish; queued ones stay in the database for the next start.
      await ctx.jobs.stop();
      pipeline.close();
      unregister();
    },
  };
}
