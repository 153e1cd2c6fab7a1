import type { AddressCache } from './adapters/geocoder/address-cache';
import type { Geocoder } from './adapters/geocoder/geocoder';
import type { Mailer } from './adapters/mail/mailer';
import type { SmsSender } from './adapters/sms/sms';
import type { Storage } from './adapters/storage/storage';
import type { CommandChannel } from './ingest/command-channel';
import type { Jobs } from './jobs/jobs';
import type { Config } from './config';
import type { Database } from './db/client';
import type { PositionPipeline } from './pipeline/pipeline';
import type { RealtimeHub } from './realtime/hub';

/** What route plugins, listeners and services need from the running process. Built once. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  geocoder: Geocoder;
  /** Reverse geocoding through a per-cell cache; never rejects (null when unknown). */
  addresses: AddressCache;
  hub: RealtimeHub;
  pipeline: PositionPipeline;
  storage: Storage;
  jobs: Jobs;
  sms: SmsSender;
  /** Open device connections, for sending commands in the device's protocol. */
  commandChannel: CommandChannel;
}
