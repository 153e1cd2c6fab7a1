import type { ErrorReporter } from './adapters/error-reporting/error-reporter';
import type { CellLocator } from './adapters/cell-geolocation/cell-locator';
import type { AddressCache } from './adapters/geocoder/address-cache';
import type { Geocoder } from './adapters/geocoder/geocoder';
import type { Mailer } from './adapters/mail/mailer';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import type { SmsSender } from './adapters/sms/sms';
import type { Storage } from './adapters/storage/storage';
import type { JobPayloads } from './jobs/job-catalogue';
import type { JobQueue } from './jobs/job-queue';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Bus } from './events/bus';
import type { MetricsBoard } from './metrics/metrics-board';
import type { DevicePorts } from './ingest/device-ports';
import type { GeofenceIndexes } from './spatial/geofence-indexes';
import type { ScoutFleetSnapshots } from './modules/scout/scout-fleet-snapshots';

/**
 * What every role's services need from the running process, built once by
 * `roles/shared-context.ts`. What only one role holds (the pipeline, the shipment clock, the
 * rule engine, the realtime hub) is that role's own (`roles/`).
 */
export interface AppContext {
  config: Config;
  database: Database;
  /** Domain events: services publish what they changed, whoever must react subscribes. */
  bus: Bus;
  mailer: Mailer;
  geocoder: Geocoder;
  /** Reverse geocoding through a per-cell cache; never rejects (null when unknown). */
  addresses: AddressCache;
  /** Each account's geofences in a spatial index, shared by the pipeline and the API. */
  geofenceIndexes: GeofenceIndexes;
  storage: Storage;
  /** Durable background work (the database queue); any role enqueues, the worker works it (`roles/worker-jobs.ts`). */
  jobs: JobQueue<JobPayloads>;
  sms: SmsSender;
  /** Scout's trackers lists per account and visibility, kept current from the bus. */
  scoutSnapshots: ScoutFleetSnapshots;
  /** Card payments: the local sandbox, or Stripe with STRIPE_SECRET_KEY. */
  payments: PaymentProvider;
  /** The server's own failures, sent to SENTRY_DSN when one is set. */
  errors: ErrorReporter;
  /** Places cell-tower and Wi-Fi reports; undefined without CELL_GEOLOCATION_URL. */
  cellLocator: CellLocator | undefined;
  /** The process's counters (`GET /api/metrics`): listeners and the pipeline register here. */
  metrics: MetricsBoard;
  /** The port each device listener listens on (the device setup guide tells units so). */
  devicePorts: DevicePorts;
}
