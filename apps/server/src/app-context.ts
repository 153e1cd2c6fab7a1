import type { Mailer } from './adapters/mail/mailer';
import type { Config } from './config';
import type { Database } from './db/client';

/** What route plugins and services need from the running process. Built once in main. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
}
