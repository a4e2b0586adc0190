import { CommissionUploadMessages } from '@portal/contracts';
import { believeAnswer, WorkbookRefusal } from '../read-workbook';

/** A column with a hole where its first cell should be. */
const holey: unknown[] = new Array(2);
holey[1] = 2;

const good = {
  ok: true,
  rowCount: 2,
  columns: [
    ['Affiliate ID', 'AFF1'],
    ['Commission Rate (%)', 2.5],
  ],
  date1904: true,
};

test('columns of plain values, each as long as the sheet, are believed', () => {
  expect(believeAnswer(good)).toEqual({ columns: good.columns, rowCount: 2, date1904: true });
  expect(believeAnswer({ ok: true, rowCount: 0, columns: [] })).toEqual({
    columns: [],
    rowCount: 0,
    date1904: false,
  });
  expect(believeAnswer({ ...good, columns: [[null, true]] })).toMatchObject({ rowCount: 2 });
});

test.each([
  ['not an object', 'rows'],
  ['rows instead of columns', { ok: true, rows: [['Affiliate ID']] }],
  [
    'a column shorter than the sheet',
    { ...good, columns: [['Affiliate ID', 'AFF1'], ['Commission Rate (%)']] },
  ],
  [
    'a hole in a column',
    {
      ...good,
      columns: [['Affiliate ID', 'AFF1'], holey],
    },
  ],
  ['an object in a cell', { ...good, columns: [['Affiliate ID', { toString: () => 'AFF1' }]] }],
  ['a date object in a cell', { ...good, columns: [['Affiliate ID', new Date()]] }],
  ['a number that is not finite', { ...good, columns: [['Affiliate ID', Number.NaN]] }],
  ['more columns than are read', { ...good, columns: Array.from({ length: 13 }, () => ['x', 'y']) }],
  [
    'more rows than the cap allows',
    { ok: true, rowCount: 100_003, columns: [new Array(100_003).fill(null)] },
  ],
  ['a row count that is not a count', { ...good, rowCount: '2' }],
  ['rows but no columns', { ok: true, rowCount: 2, columns: [] }],
])('%s: an unreadable file', (_, message) => {
  const answer = believeAnswer(message);
  expect(answer).toBeInstanceOf(WorkbookRefusal);
  expect((answer as WorkbookRefusal).message).toBe(CommissionUploadMessages.unreadable);
});

test("the worker's refusal is passed on only when it names a known message", () => {
  expect((believeAnswer({ ok: false, code: 'formulas' }) as WorkbookRefusal).code).toBe('formulas');
  expect((believeAnswer({ ok: false, code: '__proto__' }) as WorkbookRefusal).code).toBe('unreadable');
  expect((believeAnswer({ ok: false }) as WorkbookRefusal).code).toBe('unreadable');
});
