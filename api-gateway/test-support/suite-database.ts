import { randomBytes } from 'node:crypto';
import { type Database, openDatabase } from '../src/db/database';

/**
 * A database of the driver the suite runs on: an in-memory PGlite, or, when DATABASE_URL is set, a schema of
 * its own (named `${prefix}_<random>`) on that PostgreSQL server, so suites running at once never meet.
 */
export function openSuiteDatabase(prefix: string): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  return openDatabase({
    databaseUrl,
    schema: databaseUrl ? `${prefix}_${randomBytes(4).toString('hex')}` : undefined,
  });
}
