import { protocol } from '@electric-sql/pglite';
import { bindMessage, type Database, timestamptzBinary } from '../database';
import { openSuiteDatabase } from '../../test-support/suite-database';

/** Sql.prepared on the driver the suite runs on (PGlite, or PostgreSQL when DATABASE_URL is set). */
let db: Database;
beforeAll(async () => {
  db = await openSuiteDatabase('prepared');
  await db.exec(
    `CREATE TABLE items (id bigserial PRIMARY KEY, name text, at timestamptz, n integer, ok boolean)`,
  );
});
afterAll(() => db.close());

const INSERT = 'INSERT INTO items (name, at, n, ok) VALUES ($1, $2, $3, $4) RETURNING id';
const SELECT = 'SELECT id, name, at, n, ok FROM items WHERE name = $1 ORDER BY id';

test('a prepared statement answers like query(), call after call, with every kind of value', async () => {
  const at = new Date('2026-11-23T10:00:00.000Z');
  for (const [name, n, ok] of [
    ['first', 1, true],
    ['first', null, false],
    ["it's \u202e right-to-left", -5, null],
  ] as const) {
    const inserted = await db.prepared<{ id: number | string }>('items_insert', INSERT, [name, at, n, ok]);
    expect(inserted.rowCount).toBe(1);
    expect(Number(inserted.rows[0].id)).toBeGreaterThan(0);
  }
  const prepared = await db.prepared('items_select', SELECT, ['first']);
  const plain = await db.query(SELECT, ['first']);
  expect(prepared.rows).toEqual(plain.rows);
  expect(prepared.rows).toHaveLength(2);
  expect(prepared.rows[0]).toMatchObject({ name: 'first', n: 1, ok: true, at });
  expect(prepared.rows[1]).toMatchObject({ n: null, ok: false });
  expect((await db.prepared('items_select', SELECT, ['nobody'])).rows).toEqual([]);
});

test('columns of every type are parsed like query() does, on the first call and on later ones', async () => {
  // PGlite: a prepared statement keeps the parsers of its own columns after its first call.
  const TYPES = `SELECT $1::int8 AS big, $2::numeric AS money, ARRAY[$3::text, 'b'] AS list, ARRAY[1, 2]::int4[] AS ints,
            jsonb_build_object('k', $3::text) AS doc, $4::date AS day, $5::timestamptz AS at, $6::boolean AS yes,
            $7::float8 AS ratio, NULL::text AS nothing`;
  for (const value of ['a', 'b']) {
    const params = [42, '12.50', value, '2026-11-23', new Date('2026-11-23T10:00:00.000Z'), true, 0.25];
    const prepared = await db.prepared('items_types', TYPES, params);
    const plain = await db.query(TYPES, params);
    expect(prepared.rows).toEqual(plain.rows);
    expect(prepared.rows[0]).toMatchObject({
      big: 42,
      money: '12.50',
      list: [value, 'b'],
      ints: [1, 2],
      doc: { k: value },
      at: new Date('2026-11-23T10:00:00.000Z'),
      yes: true,
      ratio: 0.25,
      nothing: null,
    });
  }
});

test('a failing prepared statement throws and leaves the connection usable', async () => {
  await expect(db.prepared('items_bad_int', 'SELECT $1::integer AS n', ['not a number'])).rejects.toThrow();
  expect((await db.prepared('items_bad_int', 'SELECT $1::integer AS n', ['7'])).rows).toEqual([{ n: 7 }]);
  expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
});

test('inside a transaction a prepared statement is part of it: rolled back with it', async () => {
  await expect(
    db.transaction(async (tx) => {
      await tx.prepared('items_insert', INSERT, ['rolled back', new Date(), 1, true]);
      expect((await tx.prepared('items_select', SELECT, ['rolled back'])).rows).toHaveLength(1);
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  expect((await db.prepared('items_select', SELECT, ['rolled back'])).rows).toEqual([]);
});

test('statements outside a transaction wait for it instead of joining it', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const transaction = db.transaction(async (tx) => {
    await tx.prepared('items_insert', INSERT, ['in transaction', new Date(), 1, true]);
    await held;
    throw new Error('undo');
  });
  // Issued while the transaction is open: it must not become part of it (and be rolled back with it).
  const outside = db.prepared('items_insert', INSERT, ['outside', new Date(), 2, true]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  await expect(transaction).rejects.toThrow('undo');
  await outside;
  expect((await db.query(SELECT, ['outside'])).rows).toHaveLength(1);
  expect((await db.query(SELECT, ['in transaction'])).rows).toHaveLength(0);
});

test('timestamps are the same instants as query() writes: milliseconds, before 2000, far ahead, time zones', async () => {
  // PGlite: a prepared statement sends timestamptz in binary (microseconds since 2000), query() as ISO text.
  const instants = [
    new Date('2026-11-24T08:30:15.123Z'),
    new Date('2000-01-01T00:00:00.000Z'),
    new Date('1999-12-31T23:59:59.999Z'),
    new Date('1970-01-01T00:00:00.001Z'),
    new Date('1901-06-30T12:00:00.500Z'),
    new Date('2262-04-11T23:47:16.854Z'),
    new Date('2026-03-29T01:30:00.000+02:00'),
  ];
  const AS_TEXT = `SELECT $1::timestamptz AS at, to_char($1::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS utc`;
  for (const at of instants) {
    const prepared = await db.prepared<{ at: Date; utc: string }>('items_instant', AS_TEXT, [at]);
    expect(prepared.rows).toEqual((await db.query(AS_TEXT, [at])).rows);
    expect(prepared.rows[0].at).toEqual(at);
    expect(prepared.rows[0].utc).toBe(at.toISOString().slice(0, 23));
  }
  await db.prepared('items_insert', INSERT, ['instants', instants[0], 1, true]);
  const stored = await db.query<{ same: boolean }>(
    `SELECT at = '2026-11-24 08:30:15.123+00'::timestamptz AS same FROM items WHERE name = 'instants'`,
  );
  expect(stored.rows).toEqual([{ same: true }]);
  await expect(db.prepared('items_instant', AS_TEXT, [new Date(Number.NaN)])).rejects.toThrow();
});

test('a statement without rows (no RETURNING) answers its row count', async () => {
  const UPDATE = 'UPDATE items SET n = $2 WHERE name = $1';
  await db.prepared('items_insert', INSERT, ['counted', new Date(), 1, true]);
  await db.prepared('items_insert', INSERT, ['counted', new Date(), 2, true]);
  for (const n of [5, 6]) {
    expect(await db.prepared('items_update', UPDATE, ['counted', n])).toEqual({ rows: [], rowCount: 2 });
  }
  expect(await db.prepared('items_update', UPDATE, ['nobody', 7])).toEqual({ rows: [], rowCount: 0 });
  const ns = await db.prepared<{ n: number }>('items_select', SELECT, ['counted']);
  expect(ns.rows.map((row) => row.n)).toEqual([6, 6]);
});

test('the session sends notices, not DEBUG messages (PGlite starts at debug3, which every statement pays)', async () => {
  const { rows } = await db.query<{ client_min_messages: string }>('SHOW client_min_messages');
  expect(rows).toEqual([{ client_min_messages: 'notice' }]);
  if (db.driver === 'pglite') {
    const log = await db.query<{ log_min_messages: string }>('SHOW log_min_messages');
    expect(log.rows).toEqual([{ log_min_messages: 'warning' }]);
  }
});

test("PGlite's Bind message is written byte for byte as PGlite's own serializer writes it", () => {
  const tail = protocol.serialize.sync();
  const cases: (string | Uint8Array | null)[][] = [
    [],
    [null],
    ['', 'plain', "it's \u202e right-to-left", 'é ü ß 中文 😀', null, timestamptzBinary(new Date(0))],
    [new Uint8Array([0, 1, 2, 255]), 'x'.repeat(70_000), null],
  ];
  for (const values of cases) {
    const theirs = protocol.serialize.bind({ statement: 'sign_in_record', values });
    const expected = new Uint8Array([...theirs, ...tail]);
    expect(Buffer.from(bindMessage('sign_in_record', values, tail))).toEqual(Buffer.from(expected));
  }
});
