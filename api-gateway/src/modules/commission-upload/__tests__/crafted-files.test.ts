import request from 'supertest';
import * as XLSX from 'xlsx';
import { CommissionUploadMessages as M } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import {
  formulaInUtf16,
  formulaSheetAt,
  HEADER,
  hugeSharedStrings,
  manyRows,
  PNG_BYTES,
  prototypePollution,
  rateRows,
  workbook,
  zipBomb,
} from '../../../../test-support/rate-workbooks';

// A million-row sheet is built and read here: slow on a busy two-core machine.
jest.setTimeout(180_000);

/**
 * Crafted files (issue 12): each is answered with a clear message, nothing is stored, and the gateway
 * still answers the next call.
 */
let t: TestApp;
let admin: string;
let code: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  code = (await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).affiliateCode;
});
afterAll(() => t.close());

async function stored(): Promise<string> {
  const { rows } = await t.ctx.db.query<{ rates: string; uploads: string }>(
    `SELECT (SELECT count(*) FROM commission_rates) AS rates, (SELECT count(*) FROM commission_uploads) AS uploads`,
  );
  return `${rows[0].rates} rates, ${rows[0].uploads} uploads`;
}

async function refused(file: Buffer, name: string, status: number, message: string) {
  const before = await stored();
  const res = await request(t.app)
    .post('/api/master/commision/upload')
    .set('Authorization', admin)
    .attach('data', file, name);
  expect({ status: res.status, message: res.body.message, success: res.body.success }).toEqual({
    status,
    message,
    success: false,
  });
  expect(await stored()).toBe(before);
  // Alive: the next call is answered as usual.
  expect((await request(t.app).get('/api/health')).status).toBe(200);
  return res;
}

test('a zip bomb renamed .xlsx: refused from its directory, before inflating anything', async () => {
  await refused(zipBomb(200 * 1024 * 1024), 'bomb.xlsx', 400, M.unpacksTooLarge);
});

test('a zip bomb whose headers lie about its size: stopped while inflating, at the size it declared', async () => {
  await refused(zipBomb(50 * 1024 * 1024, { lie: true }), 'bomb.xlsx', 400, M.unpacksTooLarge);
});

test('a sheet of a million rows: refused at the row cap', async () => {
  const file = manyRows(1_000_000);
  expect(file.length).toBeLessThan(10 * 1024 * 1024);
  await refused(file, 'million.xlsx', 400, M.tooManyRows);
});

test('a file with formulas', async () => {
  const file = workbook([HEADER, [code, { f: '1+1', v: 2 }, 'Beverages', 0, '2026-01-01']]);
  await refused(file, 'formulas.xlsx', 400, M.formulas);
});

test('formulas in a sheet stored outside xl/worksheets/ (the workbook rels point there)', async () => {
  await refused(formulaSheetAt(code, 'xl/data/rates.xml'), 'moved.xlsx', 400, M.formulas);
});

test('formulas in parts encoded as UTF-16', async () => {
  await refused(formulaInUtf16(code), 'utf16.xlsx', 400, M.formulas);
});

test('a small file whose shared strings unpack to 23 MB: refused, and other calls answer meanwhile', async () => {
  const file = hugeSharedStrings(code, 23 * 1024 * 1024);
  expect(file.length).toBeLessThan(10 * 1024 * 1024);
  const sending = request(t.app)
    .post('/api/master/commision/upload')
    .set('Authorization', admin)
    .attach('data', file, 'strings.xlsx')
    .then((res) => res);
  const health = await request(t.app).get('/api/health');
  expect(health.status).toBe(200);
  const res = await sending;
  expect({ status: res.status, message: res.body.message }).toEqual({
    status: 400,
    message: M.unpacksTooLarge,
  });
});

test('the prototype-pollution sample of CVE-2023-30533: no object is touched, in the gateway or the worker', async () => {
  // The sample is what the advisory describes: SheetJS up to 0.19.2 polluted the realm that parses it. The
  // gateway's SheetJS is 0.20.3 (@e965/xlsx): reading it here pollutes nothing, and the upload reads it (in its
  // throwaway worker thread, as every file) as the one good rate it holds.
  const sample = prototypePollution(code);
  const probe = XLSX.read(sample, { type: 'buffer' });
  expect(probe.SheetNames).toHaveLength(1);
  expect(XLSX.version).toBe('0.20.3');
  expect(({} as Record<string, unknown>).c).toBeUndefined();

  const res = await request(t.app)
    .post('/api/master/commision/upload')
    .set('Authorization', admin)
    .attach('data', sample, 'pollution.xlsx');
  expect(res.status).toBe(200);
  expect(({} as Record<string, unknown>).c).toBeUndefined();
});

test('a PNG renamed .xlsx', async () => {
  await refused(PNG_BYTES, 'selfie.xlsx', 415, M.notExcel);
});

test('an empty file', async () => {
  await refused(Buffer.alloc(0), 'empty.xlsx', 400, M.empty);
});

test('a file with only the header row', async () => {
  await refused(workbook([HEADER]), 'header.xlsx', 400, M.noRows);
});

test('columns in another order, or missing: the columns are named', async () => {
  const swapped = [HEADER[0], HEADER[2], HEADER[1], HEADER[3], HEADER[4]];
  const res = await refused(
    workbook([swapped, [code, 'Beverages', 2, 0, '2026-01-01']]),
    'order.xlsx',
    400,
    M.columns,
  );
  expect(res.body.errors).toEqual([
    { row: 1, column: 'Column B', reason: 'Expected "Commission Rate (%)", found "Product Category".' },
    { row: 1, column: 'Column C', reason: 'Expected "Product Category", found "Commission Rate (%)".' },
  ]);
  const missing = await refused(
    workbook([HEADER.slice(0, 4), [code, 2, 'Beverages', 0]]),
    'missing.xlsx',
    400,
    M.columns,
  );
  expect(missing.body.errors).toEqual([
    { row: 1, column: 'Column E', reason: 'Expected "Effective Date", the cell is empty.' },
  ]);
});

test('after all of that, a good file is still stored', async () => {
  const res = await request(t.app)
    .post('/api/master/commision/upload')
    .set('Authorization', admin)
    .attach('data', workbook(rateRows([code, 2, 'Beverages', 0, '2026-01-01'])), 'good.xlsx');
  expect(res.status).toBe(200);
});
