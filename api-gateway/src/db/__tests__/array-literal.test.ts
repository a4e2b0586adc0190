import { arrayLiteral, type Database } from '../database';
import { openSuiteDatabase } from '../../../test-support/suite-database';

/** arrayLiteral read back by the driver the suite runs on (PGlite, or PostgreSQL when DATABASE_URL is set). */
let db: Database;
beforeAll(async () => {
  db = await openSuiteDatabase('arrays');
});
afterAll(() => db.close());

test('every element is quoted; a backslash or double quote is escaped only in a column that has one', () => {
  expect(arrayLiteral(['AFF1', 'Personal Care'])).toBe('{"AFF1","Personal Care"}');
  expect(arrayLiteral(['a"b', 'c\\d', 'plain'])).toBe('{"a\\"b","c\\\\d","plain"}');
  expect(arrayLiteral([])).toBe('{}');
});

test('text comes back as written: quotes, backslashes, commas, braces, NULL, spaces, an empty string, non-ASCII', async () => {
  const written = [
    'plain',
    'a"b',
    'back\\slash',
    '\\"',
    'a,b',
    '{x}',
    'NULL',
    ' padded ',
    '',
    'Ọ̀ṣun ₦ 😀',
    '"',
  ];
  const { rows } = await db.query<{ value: string[] }>('SELECT $1::text[] AS value', [arrayLiteral(written)]);
  expect(rows[0].value).toEqual(written);
});

test('numbers and days are read by their casts', async () => {
  const { rows } = await db.query<{ rate: string; day: string }>(
    `SELECT r::text AS rate, to_char(d, 'YYYY-MM-DD') AS day
       FROM unnest($1::numeric[], $2::date[]) AS t(r, d)`,
    [arrayLiteral(['2.55', '0', '100']), arrayLiteral(['2026-01-31', '2025-12-01', '2024-02-29'])],
  );
  expect(rows).toEqual([
    { rate: '2.55', day: '2026-01-31' },
    { rate: '0', day: '2025-12-01' },
    { rate: '100', day: '2024-02-29' },
  ]);
});
