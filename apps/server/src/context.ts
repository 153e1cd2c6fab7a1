import type { FastifyBaseLogger } from 'fastify';
import { createCellLocator } from './adapters/cell-geolocation/create-cell-locator';
import { createErrorReporter } from './adapters/error-reporting/error-reporter';
import { AddressCache } from './adapters/geocoder/address-cache';
import { createGeocoder } from './adapters/geocoder/create-geocoder';
import { createRoadRouter } from './adapters/routing/create-road-router';
import { createMailer } from './adapters/mail/mailer';
import { createPaymentProvider } from './adapters/payments/create-payment-provider';
import { createStorage } from './adapters/storage/create-storage';
import type { JobPayloads } from './jobs/job-catalogue';
import { PgBossQueue } from './jobs/pg-boss-queue';
import { createSms } from './adapters/sms/sms';
import type { AppContext } from './app-context';
import type { Config } from './config';
import { VERSION } from './version';
import type { Database } from './db/client';
import { createBus } from './events/create-bus';
import { listenForAlerts } from './modules/alerts/alerts.subscriptions';
import { listenForCommands } from './modules/commands/commands.subscriptions';
import { ShipmentClock } from './modules/shipments/shipment-clock';
import { RuleEngine } from './modules/rules/rule-engine';
import { ScoutFleetSnapshots } from './modules/scout/scout-fleet-snapshots';
import { MetricsBoard } from './metrics/metrics-board';
import { DevicePorts } from './ingest/device-ports';
import { PositionPipeline } from './pipeline/pipeline';
import { RealtimeHub } from './realtime/hub';
import { GeofenceIndexes } from './spatial/geofence-indexes';

/**
 * Wires the adapters chosen by config around an open database. The only place that chooses,
 * and the one list of what modules react to on the bus (the pipeline's registries and the
 * realtime hub follow the bus themselves; so does Scout's snapshot of trackers lists).
 */
export async function createContext(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Promise<AppContext> {
  const bus = await createBus(config, log);
  const geocoder = createGeocoder(config);
  const addresses = new AddressCache(geocoder);
  const geofenceIndexes = new GeofenceIndexes(database.db, bus);
  const errors = createErrorReporter(config, VERSION);
  const jobs = new PgBossQueue<JobPayloads>(database, log, {
    onFailure: (error, job) => errors.capture(error, { kind: 'job', where: job }),
  });
  const pipeline = new PositionPipeline({
    database,
    addresses,
    bus,
    geofences: geofenceIndexes,
    log,
    jobs,
  });
  const ctx: AppContext = {
    config,
    database,
    bus,
    mailer: createMailer(config, database.db),
    geocoder,
    addresses,
    geofenceIndexes,
    hub: new RealtimeHub(bus),
    pipeline,
    storage: createStorage(config),
    jobs,
    sms: createSms(config, database.db),
    shipmentClock: new ShipmentClock({ database, bus, jobs }, log, createRoadRouter(config)),
    cellLocator: createCellLocator(config),
    errors,
    payments: createPaymentProvider(config, database.db, log),
    rules: new RuleEngine({ database, bus, jobs }, log),
    scoutSnapshots: new ScoutFleetSnapshots(bus),
    metrics: new MetricsBoard(),
    devicePorts: new DevicePorts(config),
  };
  ctx.metrics.register({ prefix: 'waymark_pipeline', labels: {}, read: () => pipeline.stats });
  listenForCommands(ctx, log);
  listenForAlerts(ctx, log);
  ctx.shipmentClock.start();
  ctx.rules.start();
  ctx.scoutSnapshots.start();
  return ctx;
}

/** Lets what is under way finish, then stops following the bus. */
export async function closeContext(ctx: AppContext) {
  await ctx.pipeline.flush();
  await ctx.shipmentClock.stop();
  await ctx.rules.stop();
  ctx.scoutSnapshots.stop();
  // Running jobs finish; queued ones stay in the database for the next start.
  await ctx.jobs.stop();
  ctx.mailer.close();
  await ctx.bus.close();
  ctx.pipeline.close();
  await ctx.errors.flush();
  ctx.geofenceIndexes.stopListening();
}
