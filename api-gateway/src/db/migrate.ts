import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

/** The folder of numbered SQL migrations; the same files serve PGlite and PostgreSQL. */
export const MIGRATIONS_DIR = path.join(__dirname, '..', '..', 'migrations');

/** Inside a migrations folder: the files holding today's definition of functions, applied on every start. */
export const REPEATABLE_FOLDER = 'repeatable';

/** Several gateways may start at once on one PostgreSQL: one at a time replaces the functions. */
const REPEATABLE_LOCK = 53_0001;

/**
 * Applies every numbered migration not yet recorded, each in its own transaction, in file-name order; then the
 * repeatable files of `dir/repeatable`, every time, so each database ends with the same function bodies.
 * Returns the numbered migrations applied.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
  );
  const pending = sqlFiles(dir).filter((file) => !applied.has(file));
  for (const file of pending) {
    const sql = readFileSync(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    });
  }
  const repeatableDir = path.join(dir, REPEATABLE_FOLDER);
  if (existsSync(repeatableDir)) {
    for (const file of sqlFiles(repeatableDir)) {
      const sql = readFileSync(path.join(repeatableDir, file), 'utf8');
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [REPEATABLE_LOCK]);
        await tx.exec(sql);
      });
    }
  }
  return pending;
}

function sqlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
}
