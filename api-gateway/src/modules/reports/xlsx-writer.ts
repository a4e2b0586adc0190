import type { Writable } from 'node:stream';
import { WorkbookWriter, type Worksheet } from '../../lib/excel-workbook';

export interface SheetColumn<Row> {
  header: string;
  width: number;
  value: (row: Row, index: number) => string | number | boolean | null;
  /** Excel number format of the column's cells, e.g. NAIRA_FORMAT for money. */
  numFmt?: string;
}

/** Money in naira with two decimals: '₦115,366.50'. */
export const NAIRA_FORMAT = '"₦"#,##0.00';

/** Spreadsheet apps run a cell that starts with one of these as a formula (CSV/formula injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Only digits, spaces and dashes after the sign: a phone number ('+234-8035550123') runs nothing. */
const SIGNED_DIGITS = /^[+-][\d -]*$/;

/**
 * Text that a spreadsheet would run as a formula is prefixed with `'`, so it shows as typed. A phone number
 * is written as it is: the cell is a text cell, and an apostrophe in every Contact Number is noise.
 */
export function escapeCell(value: string | number | boolean | null): string | number | boolean | null {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || SIGNED_DIGITS.test(value)) return value;
  return `'${value}`;
}

/** Above this much XML waiting for the zip, the writer waits for it to drain. */
const BACKLOG_LIMIT_BYTES = 4 * 1024 * 1024;
const ROWS_BETWEEN_BACKLOG_CHECKS = 500;

interface LegacyWritableState {
  _writableState?: { length: number; needDrain: boolean };
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * exceljs 4.4's worksheet stream hands rows to the zip's input without waiting (it ignores write()'s
 * answer), so a fast producer piles the whole sheet up in memory. Waiting here for that input to drain
 * keeps memory flat however many rows are written.
 */
async function waitForZip(sheet: Worksheet): Promise<void> {
  const input = (sheet as unknown as { stream?: { pipes?: LegacyWritableState[] } }).stream?.pipes?.[0];
  const state = input?._writableState;
  if (!input || !state) return;
  while (state.length > BACKLOG_LIMIT_BYTES && state.needDrain) {
    await new Promise<void>((resolve) => input.once('drain', resolve));
  }
}

/**
 * Streams rows into a one-sheet .xlsx on `out` (DESIGN §4: shared strings and styles off, nothing
 * kept per row). Resolves with the number of data rows once the workbook is complete.
 */
export async function writeSheet<Row>(
  out: Writable,
  sheetName: string,
  columns: readonly SheetColumn<Row>[],
  rows: AsyncIterable<Row>,
): Promise<number> {
  const workbook = new WorkbookWriter({
    stream: out,
    // Styles only for a sheet that formats numbers (money): one style per column, nothing per row.
    useStyles: columns.some((column) => column.numFmt !== undefined),
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  let count = 0;
  for await (const row of rows) {
    count++;
    sheet.addRow(columns.map((column) => escapeCell(column.value(row, count)))).commit();
    if (count % ROWS_BETWEEN_BACKLOG_CHECKS === 0) await waitForZip(sheet);
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
