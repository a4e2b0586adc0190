import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Database, openDatabase } from '../src/db/database';

/**
 * A database of the driver the suite runs on: an in-memory PGlite, or, when DATABASE_URL is set, a schema of
 * its own (named `${prefix}_<random>`) on that PostgreSQL server, so suites running at once never meet.
 * Empty: for the tests that apply migrations one by one.
 */
export function openSuiteDatabase(prefix: string, options: { startFrom?: Blob } = {}): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  return openDatabase({
    databaseUrl,
    schema: databaseUrl ? `${prefix}_${randomBytes(4).toString('hex')}` : undefined,
    startFrom: databaseUrl ? undefined : options.startFrom,
  });
}

/**
 * The same, for a test that migrates it to the latest schema: under jest the PGlite starts already migrated
 * (test-support/migrated-template.ts) and `migrate` then finds nothing to apply.
 */
export function openMigratedSuiteDatabase(prefix: string): Promise<Database> {
  const template = process.env.PORTAL_TEST_PGLITE_TEMPLATE;
  return openSuiteDatabase(prefix, { startFrom: template ? new Blob([readFileSync(template)]) : undefined });
}
