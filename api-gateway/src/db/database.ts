import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Extension, PGlite, type Transaction } from '@electric-sql/pglite';
import { Pool, type PoolClient, types } from 'pg';

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** What a repository needs: parameterised SQL ($1, $2, ...). Both drivers speak PostgreSQL. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations, bulk seed). */
  exec(script: string): Promise<void>;
}

/**
 * An array literal of the values, every element quoted (`{"a","b"}`, backslash and double quote escaped), sent
 * as one text parameter and cast in SQL (`$1::text[]`, `::numeric[]`, `::date[]`).
 */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

export interface Database extends Sql {
  readonly driver: 'pglite' | 'postgres';
  /**
   * PostgreSQL: the application_name of every pooled connection of this process, unique per process start, so
   * a row can name the gateway that owns it and anyone can tell from pg_stat_activity whether it still lives.
   */
  readonly instanceName?: string;
  /**
   * Runs fn in one transaction: committed when it resolves, rolled back when it throws. When the database
   * ends it with a deadlock or a serialization failure, fn runs again in a new transaction (up to
   * TRANSACTION_ATTEMPTS in all), so fn must do nothing outside the transaction that cannot be done twice.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now, and how many it has handed out since it opened (metrics). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  open: number;
  idle: number;
  waiting: number;
  checkouts: number;
}

export interface DatabaseOptions {
  /** postgres://... selects the server driver; otherwise embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** PGlite in memory only: start from these files (a `dumpPglite` tarball) instead of an empty cluster. */
  startFrom?: Blob;
  /** PostgreSQL only: the schema to use and create (isolates test files on a shared server). */
  schema?: string;
  /** PostgreSQL only: told when an idle pooled connection fails (the server restarted, the network broke). */
  onIdleConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema, options.onIdleConnectionError)
    : openPglite(options.dataDir, options.startFrom);
}

const pgliteEngines = new WeakMap<Database, PGlite>();

/**
 * An embedded database's files as one tarball, which `openDatabase({ startFrom })` opens again in memory:
 * the test suites migrate once and start each file's database from the dump (seconds less per file).
 */
export async function dumpPglite(db: Database): Promise<Blob> {
  const engine = pgliteEngines.get(db);
  if (!engine) throw new Error('dumpPglite: not an open embedded database');
  return engine.dumpDataDir('none');
}

/** How many times transaction() runs its function when the database keeps choosing it as a deadlock's victim. */
export const TRANSACTION_ATTEMPTS = 4;

/**
 * SQLSTATE 40P01 (deadlock detected) and 40001 (serialization failure): the database rolled the transaction
 * back so that another could go on; the same work tried again a moment later normally succeeds.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs attempt again after a conflict, with a short random pause so two colliding callers fall out of step. */
async function retryConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransactionConflict(error) || tried >= TRANSACTION_ATTEMPTS) throw error;
      await sleep(Math.random() * 25 * tried);
    }
  }
}

async function openPglite(dataDir?: string, startFrom?: Blob): Promise<Database> {
  // The contrib entry ships CommonJS but only ESM typings, so it is required by hand.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };
  const extensions = { pg_trgm };
  let created: PGlite;
  if (dataDir) {
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    created = await PGlite.create(dir, { extensions });
  } else {
    created = await PGlite.create({ extensions, loadDataDir: startFrom });
  }
  // PGlite starts its session with client_min_messages = debug3 (its command line): every statement would
  // send a DEBUG notice to JavaScript. PostgreSQL's own defaults: notices and warnings still arrive.
  await created.exec('SET client_min_messages = notice; SET log_min_messages = warning');
  // close() lets go of the engine: its WebAssembly memory (~200 MB once migrated) is freed with the PGlite
  // object, and must not stay with whatever still holds this Database after close (a test file's scope, a
  // late request). Every call after close rejects.
  let open: PGlite | undefined = created;
  const live = () => {
    if (!open) throw new Error('the database is closed');
    return open;
  };
  // PGlite (or one of its transactions) as Sql. COPY ... FROM '/dev/blob' reads the blob given with it.
  const sqlOf = (executor: PGlite | Transaction): Sql => ({
    query: async <Row>(text: string, params?: readonly unknown[]) => {
      const result = await executor.query<Row>(text, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    exec: async (script) => {
      await executor.exec(script);
    },
  });
  const database: Database = {
    driver: 'pglite',
    query: async (text, params) => sqlOf(live()).query(text, params),
    exec: async (script) => sqlOf(live()).exec(script),
    transaction: async (fn) => {
      const pglite = live();
      // One connection: transactions take turns, so they cannot deadlock each other; a serializable
      // transaction can still fail (and an error a function raises may carry either SQLSTATE).
      return retryConflicts(() => pglite.transaction((tx) => fn(sqlOf(tx))));
    },
    close: async () => {
      const closing = open;
      open = undefined;
      pgliteEngines.delete(database);
      await closing?.close();
    },
  };
  pgliteEngines.set(database, created);
  return database;
}

async function openPostgres(
  databaseUrl: string,
  schema?: string,
  onIdleConnectionError: (error: Error) => void = () => undefined,
): Promise<Database> {
  // numeric stays a string (money must not pass through float); int8 counts fit in a JS number.
  types.setTypeParser(20, (value) => Number(value));
  const instanceName = `portal-gateway-${randomUUID()}`;
  const pool = new Pool({
    connectionString: databaseUrl,
    application_name: instanceName,
    max: 10,
    // While the server is unreachable a call fails within seconds (503) instead of waiting for a connection.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Extensions live in public, shared by every schema; the schema's own tables come first.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // Unheard, an idle connection's failure is an 'error' event that ends the process; the pool replaces it.
  pool.on('error', onIdleConnectionError);
  let checkouts = 0;
  pool.on('acquire', () => {
    checkouts += 1;
  });
  if (schema) {
    await ensureSharedExtension(pool, 'pg_trgm');
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  }
  const query = async <Row>(client: Pool | PoolClient, text: string, params?: readonly unknown[]) => {
    const result = await client.query(text, params as unknown[] | undefined);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  };
  const sqlOf = (client: PoolClient): Sql => ({
    query: (text, params) => query(client, text, params),
    exec: async (script) => {
      await client.query(script);
    },
  });
  /** Runs work on a connection of its own; one whose connection failed is thrown away, not handed on. */
  const withClient = async <T>(work: (client: PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    // Checked out, a client's connection failure is an 'error' event nobody else hears; the failing
    // query rejects on its own, so the event is only swallowed here.
    client.on('error', ignoreError);
    let broken: Error | undefined;
    try {
      return await work(client);
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.off('error', ignoreError);
      client.release(broken);
    }
  };
  return {
    driver: 'postgres',
    instanceName,
    query: (text, params) => query(pool, text, params),
    exec: async (script) => {
      await pool.query(script);
    },
    transaction: (fn) =>
      retryConflicts(() =>
        withClient(async (client) => {
          await client.query('BEGIN');
          try {
            const value = await fn(sqlOf(client));
            await client.query('COMMIT');
            return value;
          } catch (error) {
            if (!isDatabaseUnavailable(error)) await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          }
        }),
      ),
    poolStats: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      checkouts,
    }),
    async close() {
      if (schema) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await pool.end();
    },
  };
}

const CONNECT_TIMEOUT_MS = 5_000;
const ignoreError = () => undefined;

/** SQLSTATE classes of a lost or refused connection: 08 connection exception, 57P admin shutdown/crash. */
const UNAVAILABLE_STATES = /^(08|57P0[1-3])/;
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i;

/**
 * True when an error says the database server cannot be reached (stopped, restarting, network down) rather
 * than that a statement failed: the caller answers 503 and tries again later; the pool reconnects by itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as Error & { code?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/**
 * Test files run in parallel, each in its own schema; an extension must exist once, in public, before their
 * migrations run (otherwise the first schema to migrate would own it). Two first runs may race: retry once.
 */
async function ensureSharedExtension(pool: Pool, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await pool.query(`CREATE EXTENSION IF NOT EXISTS ${name} WITH SCHEMA public`);
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
