import { copyText, copyTextColumn, type Database } from '../database';
import { openSuiteDatabase } from '../../../test-support/suite-database';

/** Sql.copyRows on the driver the suite runs on (PGlite, or PostgreSQL when DATABASE_URL is set). */
let db: Database;
beforeAll(async () => {
  db = await openSuiteDatabase('copy');
  await db.exec(`CREATE TABLE items (id bigserial PRIMARY KEY, name text, amount numeric, day date)`);
});
afterAll(() => db.close());

const line = (name: string | null, amount: string, day: string) =>
  `${copyText(name)}\t${copyText(amount)}\t${copyText(day)}\n`;

async function names(): Promise<(string | null)[]> {
  const { rows } = await db.query<{ name: string | null }>('SELECT name FROM items ORDER BY id');
  return rows.map((row) => row.name);
}

test('copyText escapes what COPY reads specially, and only that', () => {
  expect(copyText('Personal Care')).toBe('Personal Care');
  expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
  expect(copyText('\\N')).toBe('\\\\N');
  expect(copyText(null)).toBe('\\N');
});

test('copyTextColumn escapes a column as copyText would each value', () => {
  const plain = ['AFF1', 'Personal Care', '2.5'];
  expect(copyTextColumn(plain)).toEqual(plain);
  const mixed = ['AFF1', 'a\tb', 'c\\d', 'e\nf'];
  expect(copyTextColumn(mixed)).toEqual(mixed.map((value) => copyText(value)));
  expect(copyTextColumn([])).toEqual([]);
});

test('values come back as written: backslashes, tabs, line breaks, a literal \\N, null, non-ASCII', async () => {
  const written = ['plain', 'back\\slash', 'tab\there', 'two\nlines', 'cr\rhere', '\\N', null, 'Ọ̀ṣun ₦ 😀'];
  const stored = await db.transaction((tx) =>
    tx.copyRows(
      'items',
      ['name', 'amount', 'day'],
      written.map((name) => line(name, '12.50', '2026-01-31')),
    ),
  );
  expect(stored).toBe(written.length);
  expect(await names()).toEqual(written);
  const { rows } = await db.query<{ amount: string; day: string }>(
    `SELECT amount::text AS amount, to_char(day, 'YYYY-MM-DD') AS day FROM items LIMIT 1`,
  );
  expect(rows[0]).toEqual({ amount: '12.50', day: '2026-01-31' });
  await db.exec('DELETE FROM items');
});

test('many rows in one COPY (more than one chunk), and none when the transaction rolls back', async () => {
  const many = Array.from({ length: 20_000 }, (_, i) => line(`item ${i}`, String(i), '2026-02-01'));
  expect(await db.copyRows('items', ['name', 'amount', 'day'], many)).toBe(20_000);
  const { rows } = await db.query<{ n: string | number; top: string }>(
    'SELECT count(*) AS n, max(amount)::text AS top FROM items',
  );
  expect({ n: Number(rows[0].n), top: rows[0].top }).toEqual({ n: 20_000, top: '19999' });
  await db.exec('DELETE FROM items');

  await expect(
    db.transaction(async (tx) => {
      await tx.copyRows('items', ['name', 'amount', 'day'], [line('kept?', '1', '2026-02-01')]);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(await names()).toEqual([]);
});

test('a bad value fails the COPY with the database error, and nothing is stored', async () => {
  await expect(
    db.copyRows(
      'items',
      ['name', 'amount', 'day'],
      [line('ok', '1', '2026-02-01'), line('bad', 'x', '2026-02-01')],
    ),
  ).rejects.toThrow(/numeric/);
  expect(await names()).toEqual([]);
});
