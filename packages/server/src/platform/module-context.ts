import type { AppConfig } from './config.js';
import type { Db } from './db.js';
import type { ResultEventHub } from './result-events.js';

/** What every module receives: the database and the configuration, nothing global. */
export interface ModuleContext {
  db: Db;
  config: AppConfig;
  /** stored station results, for the boards' live streams */
  results: ResultEventHub;
}
