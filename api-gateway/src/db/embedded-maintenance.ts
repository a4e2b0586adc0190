import type { Logger } from 'pino';
import { repeatEvery } from '../lib/repeat-every';
import type { Database } from './database';

/** A table whose turn took longer than this is logged at info: the one connection waited that long. */
const SLOW_TABLE_MS = 1000;

/**
 * PGlite runs PostgreSQL without autovacuum (and its activity counters stay at zero, so there is nothing to
 * tell which tables changed): dead row versions would stay, index-only scans would read every heap page and
 * the planner would keep the statistics of the last ANALYZE. This vacuums and analyses the tables of the
 * public schema one at a time, in turn, so its single connection is held for one table at a time and other
 * calls go between two turns. After a table's first turn, VACUUM skips the pages it already marked all-visible.
 */
export class EmbeddedMaintenance {
  private due: string[] = [];

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  /** Vacuums and analyses the next table (the list is read again once every table has had its turn). */
  async vacuumNextTable(): Promise<string | undefined> {
    if (!this.due.length) this.due = await publicTables(this.db);
    const table = this.due.shift();
    if (!table) return undefined;
    const started = performance.now();
    // VACUUM cannot run inside a transaction: one statement on its own.
    await this.db.exec(`VACUUM (ANALYZE) ${table}`);
    const ms = Math.round(performance.now() - started);
    if (ms >= SLOW_TABLE_MS) this.logger.info({ table, ms }, 'embedded database: table vacuumed');
    else this.logger.debug({ table, ms }, 'embedded database: table vacuumed');
    return table;
  }
}

/** Quoted as identifiers, by name, so every table comes round in the same order. */
async function publicTables(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT format('%I', relname) AS name FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'm')
      ORDER BY relname`,
  );
  return rows.map((row) => row.name);
}

/**
 * On the embedded database, one table's turn every `everyMs` (EMBEDDED_VACUUM_SECONDS; 0 turns it off).
 * Nothing on PostgreSQL, whose autovacuum does this. A turn never overlaps the previous one; a failed turn is
 * logged and the next table has its turn next time. Returns a function that stops it and resolves once a turn
 * under way has finished (the database is closed after it); the timer never keeps the process alive.
 */
export function startEmbeddedMaintenance(db: Database, logger: Logger, everyMs: number): () => Promise<void> {
  if (db.driver !== 'pglite' || everyMs <= 0) return async () => undefined;
  const maintenance = new EmbeddedMaintenance(db, logger);
  return repeatEvery(
    everyMs,
    () => maintenance.vacuumNextTable(),
    (error) => logger.warn({ err: error }, 'embedded database: vacuum failed'),
    false,
  );
}
