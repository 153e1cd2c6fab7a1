import type { FastifyBaseLogger } from 'fastify';
import { createCellLocator } from '../adapters/cell-geolocation/create-cell-locator';
import { createErrorReporter } from '../adapters/error-reporting/error-reporter';
import { AddressCache } from '../adapters/geocoder/address-cache';
import { createGeocoder } from '../adapters/geocoder/create-geocoder';
import { createMailer } from '../adapters/mail/mailer';
import { createPaymentProvider } from '../adapters/payments/create-payment-provider';
import { createStorage } from '../adapters/storage/create-storage';
import type { JobPayloads } from '../jobs/job-catalogue';
import { PgBossQueue } from '../jobs/pg-boss-queue';
import { createSms } from '../adapters/sms/sms';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { VERSION } from '../version';
import type { Database } from '../db/client';
import { createBus } from '../events/create-bus';
import { ScoutFleetSnapshots } from '../modules/scout/scout-fleet-snapshots';
import { MetricsBoard } from '../metrics/metrics-board';
import { DevicePorts } from '../ingest/device-ports';
import { GeofenceIndexes } from '../spatial/geofence-indexes';
import { listenForAlerts } from '../modules/alerts/alerts.subscriptions';
import { listenForCommands } from '../modules/commands/commands.subscriptions';

/** What createContext started following, stopped by closeContext. */
const following = new WeakMap<AppContext, (() => void)[]>();

/**
 * Wires the adapters chosen by config around an open database: what every role uses. The
 * only place that chooses; each role's root (`api.ts`, `ingest.ts`, `worker.ts`) adds its own.
 * Alerts and commands are followed from here, in whichever role made their events.
 */
export async function createContext(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Promise<AppContext> {
  const bus = await createBus(config, log);
  const geocoder = createGeocoder(config);
  const errors = createErrorReporter(config, VERSION);
  const ctx: AppContext = {
    config,
    database,
    bus,
    mailer: createMailer(config, database.db),
    geocoder,
    addresses: new AddressCache(geocoder),
    geofenceIndexes: new GeofenceIndexes(database.db, bus),
    storage: createStorage(config),
    // Every role enqueues; only the worker role works the queue (`worker-jobs.ts`).
    jobs: new PgBossQueue<JobPayloads>(database, log, {
      onFailure: (error, job) => errors.capture(error, { kind: 'job', where: job }),
    }),
    sms: createSms(config, database.db),
    cellLocator: createCellLocator(config),
    errors,
    payments: createPaymentProvider(config, database.db, log),
    scoutSnapshots: new ScoutFleetSnapshots(bus),
    metrics: new MetricsBoard(),
    devicePorts: new DevicePorts(config),
  };
  ctx.scoutSnapshots.start();
  // Each follows this process's own events: the device events it created (the worker's
  // pipeline and clock, the api's shipment changes) are fanned out, and the connections it
  // holds (ingest) get their queued commands.
  following.set(ctx, [listenForAlerts(ctx, log), listenForCommands(ctx, log)]);
  return ctx;
}

/** Stops what createContext started, once the roles have stopped theirs. */
export async function closeContext(ctx: AppContext) {
  ctx.scoutSnapshots.stop();
  for (const stop of following.get(ctx) ?? []) stop();
  // Running jobs finish; queued ones stay in the database for the next start.
  await ctx.jobs.stop();
  ctx.mailer.close();
  await ctx.bus.close();
  await ctx.errors.flush();
  ctx.geofenceIndexes.stopListening();
}
