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
  });
  expect(believeEvent(range({ columns: [[null, true]] }))).toMatchObject({ range: { rowCount: 2 } });
  // A later range: after the last row believed.
  expect(believeEvent(range({ firstRow: 10 }), 9)).toMatchObject({ range: { firstRow: 10 } });
  expect(believeEvent({ ok: true, done: true, rowCount: 0 })).toEqual({
    done: true,
    rowCount: 0,
    date1904: false,
  });
});

/** A column as the worker sends it: its distinct values, and per row the index of its value. */
const indexed = (values: unknown[], indexes: number[]) => ({ values, indexes: Uint32Array.from(indexes) });

test('a column of distinct values and indexes is believed as the cells it names', () => {
  const answer = believeEvent(
    range({
      rowCount: 3,
      columns: [indexed(['Affiliate ID', 'AFF1'], [0, 1, 1]), indexed([null, 2.5], [0, 1, 0])],
    }),
  );
  expect(answer).toEqual({
    done: false,
    range: { firstRow: 0, rowCount: 3, columns: [['Affiliate ID', 'AFF1', 'AFF1'], [null, 2.5, null]] },
    date1904: true,
  });
});

test.each([
  ['an index past the values', range({ columns: [indexed(['Affiliate ID'], [0, 1])] })],
  ['fewer indexes than rows', range({ columns: [indexed(['Affiliate ID', 'AFF1'], [0])] })],
  ['indexes in a plain array', range({ columns: [{ values: ['Affiliate ID', 'AFF1'], indexes: [0, 1] }] })],
  ['indexes of another typed array', range({ columns: [{ values: ['A', 'B'], indexes: Float64Array.from([0, 0.5]) }] })],
  ['an object among the values', range({ columns: [indexed(['Affiliate ID', { toString: () => 'AFF1' }], [0, 1])] })],
  ['a hole among the values', range({ columns: [indexed(holey, [1, 1])] })],
  ['more values than rows', range({ columns: [indexed(['A', 'B', 'C'], [0, 1])] })],
  ['values that are not an array', range({ columns: [{ values: 'AB', indexes: Uint32Array.from([0, 1]) }] })],
])('%s: an unreadable file', (_, message) => {
  const answer = believeEvent(message);
  expect(answer).toBeInstanceOf(WorkbookRefusal);
  expect((answer as WorkbookRefusal).message).toBe(CommissionUploadMessages.unreadable);
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
