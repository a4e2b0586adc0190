import { CommissionUploadMessages } from '@portal/contracts';
import { believeEvent, WorkbookRefusal } from '../read-workbook';

/** A column with a hole where its first cell should be. */
const holey: unknown[] = new Array(2);
holey[1] = 2;

const columns = [
  ['Affiliate ID', 'AFF1'],
  ['Commission Rate (%)', 2.5],
];
const range = (rest: Record<string, unknown> = {}) => ({
  ok: true,
  done: false,
  date1904: true,
  range: { firstRow: 0, rowCount: 2, columns, ...rest },
});

test('ranges of plain-value columns, each as long as the range, then the end, are believed', () => {
  expect(believeEvent(range())).toEqual({
    done: false,
    range: { firstRow: 0, rowCount: 2, columns },
    date1904: true,
    ending: false,
  });
  expect(believeEvent({ ...range(), ending: true })).toMatchObject({ ending: true });
  expect(believeEvent({ ...range(), ending: 'yes' })).toMatchObject({ ending: false });
  expect(believeEvent(range({ columns: [[null, true]] }))).toMatchObject({ range: { rowCount: 2 } });
  // A later range: after the last row believed.
  expect(believeEvent(range({ firstRow: 10 }), 9)).toMatchObject({ range: { firstRow: 10 } });
  expect(believeEvent({ ok: true, done: true, rowCount: 0 })).toEqual({
    done: true,
    rowCount: 0,
    date1904: false,
  });
});

test.each([
  ['not an object', 'rows'],
  ['rows instead of columns', { ok: true, done: false, rows: [['Affiliate ID']] }],
  ['neither a range nor the end', { ok: true, rowCount: 2, columns }],
  [
    'a column shorter than the range',
    range({ columns: [['Affiliate ID', 'AFF1'], ['Commission Rate (%)']] }),
  ],
  ['a hole in a column', range({ columns: [['Affiliate ID', 'AFF1'], holey] })],
  ['an object in a cell', range({ columns: [['Affiliate ID', { toString: () => 'AFF1' }]] })],
  ['a date object in a cell', range({ columns: [['Affiliate ID', new Date()]] })],
  ['a number that is not finite', range({ columns: [['Affiliate ID', Number.NaN]] })],
  ['more columns than are read', range({ columns: Array.from({ length: 13 }, () => ['x', 'y']) })],
  ['more rows than the cap allows', range({ rowCount: 100_003, columns: [new Array(100_003).fill(null)] })],
  ['rows past the cap', range({ firstRow: 100_001, rowCount: 2 })],
  ['a row count that is not a count', range({ rowCount: '2' })],
  ['an empty range', range({ rowCount: 0, columns: [[]] })],
  ['rows but no columns', range({ columns: [] })],
  ['a first row that is not a count', range({ firstRow: -1 })],
  ['an end whose row count is not a count', { ok: true, done: true, rowCount: 1.5 }],
])('%s: an unreadable file', (_, message) => {
  const answer = believeEvent(message);
  expect(answer).toBeInstanceOf(WorkbookRefusal);
  expect((answer as WorkbookRefusal).message).toBe(CommissionUploadMessages.unreadable);
});

test('a range that does not come after the rows already believed is an unreadable file', () => {
  expect(believeEvent(range({ firstRow: 5 }), 5)).toBeInstanceOf(WorkbookRefusal);
  expect(believeEvent(range({ firstRow: 0 }), 1)).toBeInstanceOf(WorkbookRefusal);
});

test("the worker's refusal is passed on only when it names a known message", () => {
  expect((believeEvent({ ok: false, code: 'formulas' }) as WorkbookRefusal).code).toBe('formulas');
  expect((believeEvent({ ok: false, code: '__proto__' }) as WorkbookRefusal).code).toBe('unreadable');
  expect((believeEvent({ ok: false }) as WorkbookRefusal).code).toBe('unreadable');
});
