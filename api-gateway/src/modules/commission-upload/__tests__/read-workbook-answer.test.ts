import { CommissionUploadMessages } from '@portal/contracts';
import { believe, WorkbookRefusal } from '../read-workbook';

/** A row with a hole where its first cell should be. */
const holey: unknown[] = new Array(2);
holey[1] = 2;

const rows = [
  ['Affiliate ID', 'Commission Rate (%)'],
  ['AFF1', 2.5],
];

test('rows of plain values are believed', () => {
  expect(believe({ ok: true, rows, date1904: true })).toEqual({ rows, date1904: true });
  expect(believe({ ok: true, rows: [[null, true]], date1904: 'yes' })).toEqual({
    rows: [[null, true]],
    date1904: false,
  });
  expect(believe({ ok: true, rows: [] })).toEqual({ rows: [], date1904: false });
});

const refusalOf = (message: unknown): WorkbookRefusal => {
  try {
    believe(message);
  } catch (error) {
    if (error instanceof WorkbookRefusal) return error;
    throw error;
  }
  throw new Error('believed');
};

test.each([
  ['not an object', 'rows'],
  ['columns instead of rows', { ok: true, columns: rows }],
  ['a row that is not an array', { ok: true, rows: ['AFF1'] }],
  ['a hole in a row', { ok: true, rows: [holey] }],
  ['an object in a cell', { ok: true, rows: [[{ toString: () => 'AFF1' }]] }],
  ['a date object in a cell', { ok: true, rows: [[new Date()]] }],
  ['a number that is not finite', { ok: true, rows: [[Number.NaN]] }],
  ['more columns than are read', { ok: true, rows: [new Array(13).fill('x')] }],
  ['more rows than the cap allows', { ok: true, rows: new Array(100_003).fill([]) }],
])('%s: an unreadable file', (_, message) => {
  expect(refusalOf(message).message).toBe(CommissionUploadMessages.unreadable);
});

test("the worker's refusal is passed on only when it names a known message", () => {
  expect(refusalOf({ ok: false, code: 'formulas' }).code).toBe('formulas');
  expect(refusalOf({ ok: false, code: '__proto__' }).code).toBe('unreadable');
  expect(refusalOf({ ok: false }).code).toBe('unreadable');
});
