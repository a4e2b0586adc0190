import { COMMISSION_COLUMNS, CommissionUploadMessages } from '@portal/contracts';
import type { CellValue, SheetRows } from '../read-workbook';
import { rateRowsOf, RowsRefusal } from '../rate-rows';

/** The sheet's cells as rates (one object each, without the sheet row), or a RowsRefusal naming every bad row. */
const toRateRows = (sheet: SheetRows) => rateRowsOf(sheet);

/** A sheet as the worker hands it over: rows, header row first. */
function sheet(rows: CellValue[][], date1904 = false): SheetRows {
  return { rows: [[...COMMISSION_COLUMNS], ...rows], date1904 };
}

async function refusal(rows: CellValue[][]): Promise<RowsRefusal> {
  try {
    await toRateRows(sheet(rows));
  } catch (error) {
    if (error instanceof RowsRefusal) return error;
    throw error;
  }
  throw new Error('the rows were accepted');
}

test('a repeated cell is reported on every row it is in, in its own column', async () => {
  const { errors } = await refusal([
    ['AFF1', 'five', 'Beverages', 0, '2026-01-01'],
    ['AFF1', 2, 'Beverages', 'five', '2026-01-02'],
    ['AFF1', 'five', 'Beverages', 0, '2026-01-03'],
    // The same text is a good category and a bad date.
    ['AFF1', 2, '2026-01-04', 0, 'Beverages'],
  ]);
  expect(errors).toEqual([
    { row: 2, column: 'Commission Rate (%)', reason: 'Commission Rate (%) must be a number.' },
    {
      row: 3,
      column: 'Minimum Order Value',
      reason: 'Minimum Order Value must be a number of naira (at most 2 decimals).',
    },
    { row: 4, column: 'Commission Rate (%)', reason: 'Commission Rate (%) must be a number.' },
    {
      row: 5,
      column: 'Effective Date',
      reason: 'Effective Date must be a real date (yyyy-MM-dd) between 2000-01-01 and 2100-12-31.',
    },
  ]);
});

test('reasons of one row keep their order: hidden characters first, then column by column', async () => {
  const { errors } = await refusal([['', 101, 'Bev\u0007erages', -1, '']]);
  expect(errors).toEqual([
    {
      row: 2,
      column: 'Product Category',
      reason: 'The cell holds hidden control characters or is too long.',
    },
    { row: 2, column: 'Affiliate ID', reason: 'Affiliate ID is required.' },
    { row: 2, column: 'Commission Rate (%)', reason: 'Commission Rate (%) must be between 0 and 100.' },
    { row: 2, column: 'Minimum Order Value', reason: 'Minimum Order Value must be 0 or more.' },
    { row: 2, column: 'Effective Date', reason: 'Effective Date is required.' },
  ]);
});

test('the same affiliate, category and day twice, whether typed as text or as an Excel date', async () => {
  const { errors } = await refusal([
    ['AFF1', 2, 'Beverages', 0, '2026-01-01'],
    [' AFF1 ', '2.5 %', 'Beverages', '₦1,000', 46023],
  ]);
  expect(errors).toEqual([
    {
      row: 3,
      column: 'Effective Date',
      reason: 'The same affiliate, category and effective date appear earlier in the file. (row 2)',
    },
  ]);
});

test('good rows become rates; blank rows and trailing blank rows are skipped; cells beyond the template are ignored', async () => {
  const rates = await toRateRows(
    sheet([
      ['AFF1', 2.55, 'Personal  Care', null, 46023, null],
      [null, null, null, null, null, 'a note'],
      ['AFF1', '3%', 'Personal Care', '₦1,000.50', '2026-02-01', null],
      [null, '', '  ', null, null, null],
    ]),
  );
  expect(rates).toEqual([
    {
      row: 2,
      affiliateCode: 'AFF1',
      ratePercent: '2.55',
      productCategory: 'Personal Care',
      minimumOrderValue: '0',
      effectiveDate: '2026-01-01',
    },
    {
      row: 4,
      affiliateCode: 'AFF1',
      ratePercent: '3',
      productCategory: 'Personal Care',
      minimumOrderValue: '1000.50',
      effectiveDate: '2026-02-01',
    },
  ]);
});

test('a 1904 workbook counts its date cells from 1904-01-01', async () => {
  expect((await toRateRows(sheet([['AFF1', 2, 'Beverages', 0, 44561]], true)))[0].effectiveDate).toBe(
    '2026-01-01',
  );
});

test('an empty sheet, a header alone, or a sheet narrower than the template', async () => {
  await expect(toRateRows({ rows: [], date1904: false })).rejects.toThrow(CommissionUploadMessages.noRows);
  await expect(toRateRows(sheet([]))).rejects.toThrow(CommissionUploadMessages.noRows);
  const narrow = {
    rows: [
      ['Affiliate ID', 'Commission Rate (%)'],
      ['AFF1', 2],
    ],
    date1904: false,
  };
  await expect(toRateRows(narrow)).rejects.toThrow(CommissionUploadMessages.columns);
});
