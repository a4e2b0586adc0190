import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../src/db/database';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';

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

/** Applies the migrations named before `firstNotApplied` (a file name): the schema of a database made before it. */
export async function migrateBefore(db: Database, firstNotApplied: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-before-'));
  try {
    for (const file of readdirSync(MIGRATIONS_DIR))
      if (file.endsWith('.sql') && file < firstNotApplied)
        copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    await migrate(db, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
