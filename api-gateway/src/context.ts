import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { Database, Sql } from './db/database';
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
  /**
   * Issue 50: the identity check against the authority as a KYC approval sees it. Absent (the product): the stored
   * answers of the identity-check module, in use when IDENTITY_PROVIDER=smile_id. Tests put another source here.
   */
  authorityCheck?: AuthorityCheckSource;
}

/** Where the authority check's result comes from; `inUse` false when no identity provider is configured. */
export interface AuthorityCheckSource {
  inUse: boolean;
  outcome: (sql: Sql, affiliateId: number) => Promise<'passed' | 'failed' | 'not-run'>;
}
