import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './database';

const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 30_000;

/**
 * Issue 52: a gateway started while its PostgreSQL server is down, refusing or not yet up waits for it, saying
 * once per attempt where it is (host and port, never the password), what the driver answered and when it tries
 * again: one line each, no stack trace, and no worker restarts while it waits. The embedded database is local.
 */
export async function waitForDatabase(
  db: Database,
  databaseUrl: string | undefined,
  say: (line: string) => void = (line) => console.error(line),
): Promise<void> {
  if (db.driver !== 'postgres' || !databaseUrl) return;
  const where = serverOf(databaseUrl);
  let wait = FIRST_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.query('SELECT 1');
      if (attempt > 1) say(`The database at ${where} answers now (attempt ${attempt}).`);
      return;
    } catch (error) {
      say(
        `The database at ${where} cannot be used (attempt ${attempt}): ${reasonOf(error)}; ` +
          `trying again in ${wait / 1000} s.`,
      );
    }
    await sleep(wait);
    wait = Math.min(wait * 2, LONGEST_WAIT_MS);
  }
}

/** host:port of a DATABASE_URL (5432 when it names none). */
export function serverOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname || 'localhost'}:${url.port || '5432'}`;
}

/** The driver's reason on one line: its code and message, never its stack. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code } = error as Error & { code?: unknown };
  // A host name with several addresses fails as an AggregateError with an empty message of its own.
  const first = (error as Error & { errors?: unknown[] }).errors?.[0];
  const text = error.message || (first instanceof Error ? first.message : '');
  const message = text.replace(/\s+/g, ' ').trim() || 'no answer';
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}
