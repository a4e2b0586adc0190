import type { Writable } from 'node:stream';
import { workbookWriterClass, type Worksheet } from '../../lib/excel-workbook';

export interface SheetColumn<Row> {
  header: string;
  width: number;
  value: (row: Row, index: number) => string | number | boolean | null;
  /** An Excel number format for the column's numbers, e.g. `NAIRA_FORMAT`. */
  numFmt?: string;
}

/** Money cells: a number of naira shown with the sign and two decimals (₦115,366.50). */
export const NAIRA_FORMAT = '"₦"#,##0.00';

/** Text a spreadsheet reads as a formula when it is typed, pasted or opened as CSV (formula injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number or a signed figure ('+234-8031234567', '-12.50'): as a formula it is arithmetic at most. */
const SIGNED_FIGURE = /^[+-][\d\s().-]*$/;

/**
 * Strings are written as text cells, which no spreadsheet runs as a formula on opening, so they need no
 * apostrophe. What stays risky is text that turns into a formula once someone re-enters the cell or saves
 * the sheet as CSV: that keeps a leading `'`, which Excel and LibreOffice then read as "this is text".
 * A phone number or a signed figure is left as it is: it can reference nothing and call nothing.
 */
export function escapeCell(value: string | number | boolean | null): string | number | boolean | null {
  return typeof value === 'string' && FORMULA_START.test(value) && !SIGNED_FIGURE.test(value)
    ? `'${value}`
    : value;
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
 * Streams rows into a one-sheet .xlsx on `out` (DESIGN §4: shared strings off, nothing kept per row).
 * Styles are on only for a sheet with formatted columns (a statement's money): every cell then costs a
 * style lookup, which the long exports (login history, affiliates) do not pay.
 */
export async function writeSheet<Row>(
  out: Writable,
  sheetName: string,
  columns: readonly SheetColumn<Row>[],
  rows: AsyncIterable<Row>,
): Promise<number> {
  return writeSheets(out, [{ name: sheetName, columns, rows }]);
}

/** One sheet of a workbook with several (issue 29's My data: a sheet per kind of record). */
export interface SheetJob<Row> {
  name: string;
  columns: readonly SheetColumn<Row>[];
  rows: AsyncIterable<Row>;
}

/** A sheet of any row type, for lists of sheets. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySheetJob = SheetJob<any>;

/** Several sheets, one after the other, in one .xlsx on `out`; answers the number of rows written. */
export async function writeSheets(out: Writable, sheets: readonly AnySheetJob[]): Promise<number> {
  const styled = sheets.some((job) => job.columns.some((column) => column.numFmt));
  const WorkbookWriter = workbookWriterClass();
  const workbook = new WorkbookWriter({
    stream: out,
    useStyles: styled,
    useSharedStrings: false,
  });
  let total = 0;
  for (const job of sheets) total += await addSheet(workbook.addWorksheet(job.name), job, styled);
  await workbook.commit();
  return total;
}

async function addSheet<Row>(sheet: Worksheet, job: SheetJob<Row>, styled: boolean): Promise<number> {
  const { columns, rows } = job;
  // One style object per formatted column, shared by its cells, so exceljs finds its id without rebuilding it.
  const styles = columns.map((column) => (column.numFmt ? { numFmt: column.numFmt } : undefined));
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width }));
  let count = 0;
  for await (const row of rows) {
    count++;
    const sheetRow = sheet.addRow(columns.map((column) => escapeCell(column.value(row, count))));
    if (styled) {
      styles.forEach((style, index) => {
        if (style) sheetRow.getCell(index + 1).style = style;
      });
    }
    sheetRow.commit();
    if (count % ROWS_BETWEEN_BACKLOG_CHECKS === 0) await waitForZip(sheet);
  }
  sheet.commit();
  return count;
}
