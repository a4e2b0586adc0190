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
   * Issue 50: the identity check against the authority as a KYC approval sees it. Absent: the check is not in
   * use (no identity provider in this build), so only a result that failed, never a missing one, asks for four eyes.
   */
  authorityCheck?: AuthorityCheckSource;
}

/** Where the authority check's result comes from; `inUse` false when no identity provider is configured. */
export interface AuthorityCheckSource {
  inUse: boolean;
  outcome: (sql: Sql, affiliateId: number) => Promise<'passed' | 'failed' | 'not-run'>;
}
