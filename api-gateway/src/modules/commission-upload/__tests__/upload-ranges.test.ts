import request from 'supertest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../backoffice/test-fixtures';
import { setSheetRangeRows } from '../read-workbook';
import { HEADER, workbook, type Cell } from '../test-workbooks';

jest.setTimeout(120_000);

/**
 * Uploads read in ranges of rows (issue 12), here of 3 rows so that a small file crosses several: the
 * answer, the errors and what is stored are those of the same file read whole (range size 0).
 */
const RANGE = 3;
let t: TestApp;
let admin: string;
let codes: string[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  codes = [];
  for (let i = 0; i < 3; i++)
    codes.push((await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).affiliateCode);
});
afterAll(async () => {
  setSheetRangeRows(10_000);
  await t.close();
});

const upload = (file: Buffer) =>
  request(t.app)
    .post('/api/master/commision/upload')
    .set('Authorization', admin)
    .attach('data', file, 'rates.xlsx');

async function stored(): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ line: string }>(
    `SELECT affiliate_code || ' ' || product_category || ' ' || rate_percent::text || ' ' ||
            to_char(effective_date, 'YYYY-MM-DD') || ' #' || upload_id AS line
       FROM commission_rates ORDER BY 1`,
  );
  const { rows: uploads } = await t.ctx.db.query<{ line: string }>(
    `SELECT upload_id || ' ' || row_count AS line FROM commission_uploads ORDER BY upload_id`,
  );
  return [...rows.map((row) => row.line), ...uploads.map((row) => `upload ${row.line}`)];
}

/** The same file uploaded whole and in ranges: the same status and body, and nothing stored by either. */
async function refusedAlike(file: Buffer) {
  const before = await stored();
  setSheetRangeRows(0);
  const whole = await upload(file);
  setSheetRangeRows(RANGE);
  const ranged = await upload(file);
  expect(ranged.status).toBe(whole.status);
  expect(ranged.body).toEqual(whole.body);
  expect(await stored()).toEqual(before);
  return ranged;
}

const day = (i: number) => `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`;
const goodRows = (count: number, from = 0): Cell[][] =>
  Array.from({ length: count }, (_, i) => [codes[(from + i) % 3], 2 + i, 'Snacks', 0, day(from + i)]);

test('a bad row in the third range: refused with the errors of a whole read, nothing stored', async () => {
  const rows = [HEADER, ...goodRows(12)];
  rows[8] = [codes[0], 'five', 'Snacks', 0, day(50)];
  rows[11] = [codes[1], 2, '', 0, day(51)];
  const res = await refusedAlike(workbook(rows));
  expect(res.status).toBe(400);
  expect(res.body.errors.map((error: { row: number }) => error.row)).toEqual([9, 12]);
});

test('a duplicate across ranges, an unknown affiliate in a later range, both: the answers of a whole read', async () => {
  const duplicate = [HEADER, ...goodRows(10)];
  duplicate.push([...duplicate[2]]);
  expect((await refusedAlike(workbook(duplicate))).body.errors).toEqual([
    expect.objectContaining({ row: 12, column: 'Effective Date' }),
  ]);
  const unknown = [
    HEADER,
    ...goodRows(10),
    ['NOPE1', 2, 'Snacks', 0, day(3)],
    ['NOPE1', 3, 'Snacks', 0, day(4)],
  ];
  expect((await refusedAlike(workbook(unknown))).body.errors.map((e: { row: number }) => e.row)).toEqual([
    12, 13,
  ]);
  // A row error after an unknown affiliate: the row error is the answer, as when read whole.
  const both = [...unknown, [codes[0], 'x', 'Snacks', 0, day(5)]];
  expect((await refusedAlike(workbook(both))).body.errors.map((e: { row: number }) => e.row)).toEqual([14]);
  // Blank rows everywhere and a header alone.
  await refusedAlike(workbook([HEADER, [null, null, null, null, null], [null, null, null, null, null]]));
});

test('a good file in several ranges: every rate stored once, held dates replaced, the row count of the file', async () => {
  setSheetRangeRows(RANGE);
  const first = await upload(workbook([HEADER, ...goodRows(4)]));
  expect(first.status).toBe(200);
  // Rates held from the first file come in the second and fourth ranges of the next.
  const next = [
    HEADER,
    ...goodRows(3, 100),
    ...goodRows(2),
    ...goodRows(3, 200),
    ...goodRows(2, 2),
    [null, null, null, null, null],
  ];
  const res = await upload(workbook(next));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, rowCount: 10 });
  const lines = await stored();
  expect(lines.filter((line) => line.startsWith('upload '))).toEqual([
    `upload ${first.body.uploadId} 4`,
    `upload ${res.body.uploadId} 10`,
  ]);
  // 4 + 10 rates, 4 of them the same affiliate, category and date: 10 rows, all of the second upload.
  const rates = lines.filter((line) => !line.startsWith('upload '));
  expect(rates).toHaveLength(10);
  expect(rates.every((line) => line.endsWith(`#${res.body.uploadId}`))).toBe(true);
  expect(rates).toContain(`${codes[0]} Snacks 2.000 ${day(0)} #${res.body.uploadId}`);
});
