import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dumpPglite, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';

/**
 * jest's global setup: on the embedded database, migrates one PGlite and leaves its files in a tarball whose
 * path reaches the workers as PORTAL_TEST_PGLITE_TEMPLATE. Each test file's database starts from it
 * (suite-database.ts): opening a new cluster and running every migration took 4-8 s per file on the two-core
 * CI machine, starting from the dump ~1.5 s. On PostgreSQL (DATABASE_URL) there is nothing to do.
 */
export default async function migrateTemplateOnce(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-template-'));
  const db = await openDatabase({});
  await migrate(db);
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
  await db.close();
  process.env.PORTAL_TEST_PGLITE_TEMPLATE = file;
}

/** jest's global teardown. */
export function removeTemplate(): void {
  const file = process.env.PORTAL_TEST_PGLITE_TEMPLATE;
  if (file) rmSync(path.dirname(file), { recursive: true, force: true });
}
