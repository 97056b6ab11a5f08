import type { Config } from './config/env';
import type { Database } from './db/database';

/** What every service plugin is given: its configuration and the database. */
export interface ServiceContext {
  config: Config;
  database: Database;
  startedAt: Date;
}
