import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import type { RouteDoc } from './http/api-router';

/** What every module is built with. One per running app (tests build many). */
export interface AppContext {
  config: AppConfig;
  db: Database;
  logger: Logger;
  /** The clock; tests move it to check expiries. */
  now: () => Date;
  /** Every route registers its contract here; /api/openapi.json is built from it. */
  routeDocs: RouteDoc[];
}
