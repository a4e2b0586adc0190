import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import type { AnyEndpoint } from '@portal/contracts';

/** What every module is built with. One per running app (tests build many). */
export interface AppContext {
  config: AppConfig;
  db: Database;
  logger: Logger;
  /** The clock; tests move it to check expiries. */
  now: () => Date;
  /** Every endpoint definition the app wired; /api/openapi.json is built from them. */
  routeDocs: AnyEndpoint[];
}
