import type { FastifyBaseLogger } from 'fastify';
import { AddressCache } from './adapters/geocoder/address-cache';
import { createGeocoder } from './adapters/geocoder/create-geocoder';
import { createMailer } from './adapters/mail/mailer';
import { localStorage } from './adapters/storage/storage';
import { Jobs } from './jobs/jobs';
import { createSms } from './adapters/sms/sms';
import { CommandChannel } from './ingest/command-channel';
import type { AppContext } from './app-context';
import type { Config } from './config';
import type { Database } from './db/client';
import { PositionPipeline } from './pipeline/pipeline';
import { RealtimeHub } from './realtime/hub';

/** Wires the adapters chosen by config around an open database. The only place that chooses. */
export function createContext(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): AppContext {
  const geocoder = createGeocoder(config);
  const hub = new RealtimeHub();
  const addresses = new AddressCache(geocoder);
  const pipeline = new PositionPipeline(database, addresses, hub, log);
  return {
    config,
    database,
    mailer: createMailer(config, database.db),
    geocoder,
    addresses,
    hub,
    pipeline,
    storage: localStorage(`${config.DATA_DIR}/files`),
    jobs: new Jobs(log),
    sms: createSms(config, database.db),
    commandChannel: new CommandChannel(new Map()),
  };
}
