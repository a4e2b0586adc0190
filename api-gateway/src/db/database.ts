import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Extension, parse as pgliteParse, PGlite, protocol } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { from as copyFromStdin } from 'pg-copy-streams';

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** What a repository needs: parameterised SQL ($1, $2, ...). Both drivers speak PostgreSQL. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /**
   * query() as a named prepared statement: parsed and planned once per connection (PGlite: once per
   * process), then only bound and executed. For the few statements on a hot path (sign-in), where PGlite
   * spends most of a small statement's time planning it again. `name` must always go with the same text.
   */
  prepared<Row = Record<string, unknown>>(
    name: string,
    text: string,
    params: readonly unknown[],
  ): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations, bulk seed). */
  exec(script: string): Promise<void>;
  /**
   * Bulk load: `COPY table (columns) FROM STDIN` in PostgreSQL's text format, one row per line, values
   * separated by tabs and written by copyText (PGlite reads it as a blob). Answers how many rows were stored.
   * `table` and `columns` are written into the SQL: never from input.
   */
  copyRows(table: string, columns: readonly string[], rows: CopyRows): Promise<number>;
}

/** Rows of COPY's text format: lines of tab-separated copyText values, each line ending in a newline. */
export type CopyRows = readonly string[];

const COPY_SPECIAL = /[\\\t\n\r]/;
/** One value in COPY's text format: backslash, tab, newline and carriage return escaped; null as \N. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  if (!COPY_SPECIAL.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** A column's values in COPY's text format: looked at once, escaped value by value only when one needs it. */
export function copyTextColumn(values: readonly string[]): readonly string[] {
  return COPY_SPECIAL.test(values.join('')) ? values.map(copyText) : values;
}

const ARRAY_SPECIAL = /[\\"]/;
const ARRAY_SPECIALS = /[\\"]/g;
/**
 * An array literal of the values, every element quoted (`{"a","b"}`, backslash and double quote escaped), sent
 * as one text parameter and cast in SQL (`$1::text[]`, `::numeric[]`, `::date[]`): the drivers' own array
 * serialisers escape every element with two regular expressions (~0.1 s of the gateway's thread per 100k
 * commission rates); here the column is looked at once and escaped element by element only when it needs it.
 */
export function arrayLiteral(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  if (!ARRAY_SPECIAL.test(values.join(''))) return `{"${values.join('","')}"}`;
  return `{${values.map((value) => `"${value.replace(ARRAY_SPECIALS, '\\$&')}"`).join(',')}}`;
}

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source}`;

export interface Database extends Sql {
  readonly driver: 'pglite' | 'postgres';
  /**
   * PostgreSQL: the application_name of every pooled connection of this process, unique per process start, so
   * a row can name the gateway that owns it and anyone can tell from pg_stat_activity whether it still lives.
   */
  readonly instanceName?: string;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects the server driver; otherwise embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** PostgreSQL only: the schema to use and create (isolates test files on a shared server). */
  schema?: string;
  /** PostgreSQL only: told when an idle pooled connection fails (the server restarted, the network broke). */
  onIdleConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema, options.onIdleConnectionError)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
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
    created = await PGlite.create({ extensions });
  }
  // PGlite starts its session with client_min_messages = debug3 and log_min_messages = debug1 (its command
  // line): every statement then formats a DEBUG notice ("bind <unnamed> to ...") and sends it to JavaScript,
  // which parses it and throws it away. PostgreSQL's own defaults: notices and warnings still arrive.
  await created.exec('SET client_min_messages = notice; SET log_min_messages = warning');
  // close() lets go of the engine: its WebAssembly memory (~200 MB once migrated) is freed with the PGlite
  // object, and must not stay with whatever still holds this Database after close (a test file's scope, a
  // late request). Every call after close rejects.
  let open: { pglite: PGlite; prepared: ReturnType<typeof pglitePrepared> } | undefined = {
    pglite: created,
    prepared: pglitePrepared(created),
  };
  const live = () => {
    if (!open) throw new Error('the database is closed');
    return open;
  };
  const run = async <Row>(executor: Pick<PGlite, 'query'>, text: string, params?: readonly unknown[]) => {
    const result = await executor.query<Row>(text, params as unknown[] | undefined);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  };
  // PGlite reads COPY ... FROM '/dev/blob' from the blob given with the statement.
  const copyRows = async (
    executor: Pick<PGlite, 'query'>,
    table: string,
    columns: readonly string[],
    rows: CopyRows,
  ) => {
    const result = await executor.query(copyStatement(table, columns, `'/dev/blob'`), [], {
      blob: new Blob(rows as string[]),
    });
    return result.affectedRows ?? 0;
  };
  return {
    driver: 'pglite',
    query: async (text, params) => run(live().pglite, text, params),
    copyRows: async (table, columns, rows) => copyRows(live().pglite, table, columns, rows),
    prepared: async (name, text, params) => {
      const { pglite, prepared } = live();
      return pglite._runExclusiveTransaction(() => prepared(name, text, params, { inTransaction: false }));
    },
    exec: async (script) => {
      await live().pglite.exec(script);
    },
    transaction: async (fn) => {
      const { pglite, prepared } = live();
      return pglite.transaction((tx) =>
        fn({
          query: (text, params) => run(tx, text, params),
          // Inside the transaction, which already holds PGlite's transaction lock.
          prepared: (name, text, params) => prepared(name, text, params, { inTransaction: true }),
          exec: async (script) => {
            await tx.exec(script);
          },
          copyRows: (table, columns, rows) => copyRows(tx, table, columns, rows),
        }),
      );
    },
    close: async () => {
      const closing = open;
      open = undefined;
      await closing?.pglite.close();
    },
  };
}

/**
 * PGlite's query() sends Parse, Describe, Bind, Describe, Execute and Sync for every call, so every statement
 * is parsed and planned again (the unnamed statement). This keeps named statements on PGlite's one session:
 * Parse and Describe once, then Bind, Describe (only when the statement returns rows), Execute and Sync in one
 * message batch; timestamptz values go in binary. Statements run under PGlite's own query lock, like query();
 * the caller holds the transaction lock (or is inside a transaction).
 *
 * Rows are parsed with the parsers of the statement's own column types only: PGlite's parseResults copies
 * the parser table it is given (`{ ...parsers }`, 300+ type OIDs, ~0.3–1.3 ms a call measured), which is
 * most of the JavaScript cost of a small statement when handed PGlite's whole table.
 */
/** The parser table parseResults takes: type OID → parser. */
type Parsers = Parameters<typeof pgliteParse.parseResults>[1];

function pglitePrepared(pglite: PGlite) {
  const serialize = protocol.serialize;
  const parameterTypes = new Map<
    string,
    { text: string; types: number[]; returnsRows: boolean; parsers?: Parsers }
  >();
  const stream = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  return <Row>(
    name: string,
    text: string,
    params: readonly unknown[],
    options: { inTransaction: boolean },
  ): Promise<QueryResult<Row>> =>
    pglite._runExclusiveQuery(async () => {
      let statement = parameterTypes.get(name);
      if (!statement) {
        const described = await stream(
          concatBytes([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
        );
        statement = {
          text,
          types: pgliteParse.parseDescribeStatementResults(described),
          // NoData instead of a RowDescription: an INSERT or UPDATE without RETURNING, say.
          returnsRows: described.some((message) => message.name === 'rowDescription'),
        };
        parameterTypes.set(name, statement);
      } else if (statement.text !== text) {
        throw new Error(`prepared statement ${name} was prepared with another text`);
      }
      const { types } = statement;
      const values = params.map((value, index): string | Uint8Array | null => {
        if (value === null || value === undefined) return null;
        if (types[index] === TIMESTAMPTZ && value instanceof Date) return timestamptzBinary(value);
        const serializer = pglite.serializers[types[index]];
        return serializer ? (serializer(value) as string) : String(value);
      });
      // The portal's row description only where there are rows to parse.
      const messages = await stream(
        bindMessage(name, values, statement.returnsRows ? DESCRIBE_EXECUTE_SYNC : EXECUTE_SYNC),
      );
      if (!options.inTransaction) await pglite.syncToFs();
      statement.parsers ??= columnParsers(pglite, messages);
      const [result] = pgliteParse.parseResults(messages, statement.parsers);
      return { rows: result.rows as Row[], rowCount: result.affectedRows ?? result.rows.length };
    });
}

const EXECUTE_SYNC = concatBytes([protocol.serialize.execute({}), protocol.serialize.sync()]);
const DESCRIBE_EXECUTE_SYNC = concatBytes([protocol.serialize.describe({ type: 'P' }), EXECUTE_SYNC]);
const utf8 = new TextEncoder();

/**
 * A Bind message for the unnamed portal of a named statement (text parameters as UTF-8, Uint8Array ones in
 * binary, every result column as text), with `tail` (Describe, Execute, Sync) after it in the same buffer: what
 * PGlite's `serialize.bind` writes, in one allocation instead of its writer's dozens of small writes.
 */
export function bindMessage(
  statement: string,
  values: readonly (string | Uint8Array | null)[],
  tail: Uint8Array,
) {
  const name = utf8.encode(statement);
  const bytes = values.map((value) => (typeof value === 'string' ? utf8.encode(value) : value));
  // Length, portal and statement names, format codes, parameter count, values, result format count.
  let length = 4 + 1 + name.length + 1 + 2 + 2 * values.length + 2 + 2;
  for (const value of bytes) length += 4 + (value?.length ?? 0);
  const out = new Uint8Array(1 + length + tail.length);
  const view = new DataView(out.buffer);
  out[0] = 0x42; // 'B'
  view.setInt32(1, length);
  let at = 6; // after the empty portal name's NUL
  out.set(name, at);
  at += name.length + 1;
  view.setInt16(at, values.length);
  at += 2;
  for (const value of values) {
    view.setInt16(at, value instanceof Uint8Array ? 1 : 0);
    at += 2;
  }
  view.setInt16(at, values.length);
  at += 2;
  for (const value of bytes) {
    view.setInt32(at, value ? value.length : -1);
    at += 4;
    if (value) {
      out.set(value, at);
      at += value.length;
    }
  }
  view.setInt16(at, 0);
  out.set(tail, at + 2);
  return out;
}

const TIMESTAMPTZ = 1184;
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

/**
 * A timestamptz parameter in PostgreSQL's binary format (microseconds since 2000-01-01 UTC, big-endian int64):
 * the same instant as the ISO text PGlite's serializer writes, without timestamptz_in parsing that text (and
 * its fractional seconds through strtod) in WebAssembly. An invalid Date throws, as toISOString() does.
 */
export function timestamptzBinary(value: Date): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigInt64(0, BigInt(value.getTime() - POSTGRES_EPOCH_MS) * 1000n);
  return bytes;
}

/** PGlite's parsers of the columns a statement's RowDescription names (none for a statement without rows). */
function columnParsers(pglite: PGlite, messages: readonly { name: string }[]) {
  const parsers: Parsers = {};
  for (const message of messages) {
    if (message.name !== 'rowDescription') continue;
    for (const { dataTypeID } of (message as unknown as { fields: { dataTypeID: number }[] }).fields) {
      const parser = pglite.parsers[dataTypeID];
      if (parser) parsers[dataTypeID] = parser;
    }
  }
  return parsers;
}

/** COPY data in chunks of about 64 KB (one string per chunk, not one per row). */
function* copyChunks(rows: CopyRows): Generator<string> {
  const CHUNK = 65_536;
  let chunk = '';
  for (const row of rows) {
    chunk += row;
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function openPostgres(
  databaseUrl: string,
  schema?: string,
  onIdleConnectionError: (error: Error) => void = () => undefined,
): Promise<Database> {
  const { Pool, types } = await import('pg');
  // numeric stays a string (money must not pass through float); int8 counts fit in a JS number.
  types.setTypeParser(20, (value) => Number(value));
  const instanceName = `portal-gateway-${randomUUID()}`;
  const pool: Pool = new Pool({
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
  if (schema) {
    await ensureSharedExtension(pool, 'pg_trgm');
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  }
  const run = async <Row>(client: Pool | PoolClient, text: string, params?: readonly unknown[]) => {
    const result = await client.query(text, params as unknown[] | undefined);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  };
  // pg keeps a named statement per connection: parsed and planned on its first use there.
  const runPrepared = async <Row>(
    client: Pool | PoolClient,
    name: string,
    text: string,
    params: readonly unknown[],
  ) => {
    const result = await client.query({ name, text, values: params as unknown[] });
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  };
  // Loaded at the first COPY, once: an import() per call costs a module resolution each time where a loader
  // hook is installed (tsx in development and the benchmarks: ~1 ms per call on the gateway's thread).
  let copyFrom: Promise<typeof copyFromStdin> | undefined;
  const copyRows = async (client: PoolClient, table: string, columns: readonly string[], rows: CopyRows) => {
    const from = await (copyFrom ??= import('pg-copy-streams').then((module) => module.from));
    const copy = client.query(from(copyStatement(table, columns, 'STDIN')));
    await pipeline(Readable.from(copyChunks(rows)), copy);
    return copy.rowCount ?? 0;
  };
  return {
    driver: 'postgres',
    instanceName,
    query: (text, params) => run(pool, text, params),
    prepared: (name, text, params) => runPrepared(pool, name, text, params),
    exec: async (script) => {
      await pool.query(script);
    },
    async copyRows(table, columns, rows) {
      const client = await pool.connect();
      client.on('error', ignoreError);
      let broken: Error | undefined;
      try {
        return await copyRows(client, table, columns, rows);
      } catch (error) {
        if (isDatabaseUnavailable(error)) broken = error as Error;
        throw error;
      } finally {
        client.off('error', ignoreError);
        client.release(broken);
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      // Checked out, a client's connection failure is an 'error' event nobody else hears; the failing
      // query rejects on its own, so the event is only swallowed here.
      client.on('error', ignoreError);
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const value = await fn({
          query: (text, params) => run(client, text, params),
          prepared: (name, text, params) => runPrepared(client, name, text, params),
          exec: async (script) => {
            await client.query(script);
          },
          copyRows: (table, columns, rows) => copyRows(client, table, columns, rows),
        });
        await client.query('COMMIT');
        return value;
      } catch (error) {
        if (isDatabaseUnavailable(error)) broken = error as Error;
        else await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', ignoreError);
        // A client whose connection failed is thrown away, not handed to the next caller.
        client.release(broken);
      }
    },
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
