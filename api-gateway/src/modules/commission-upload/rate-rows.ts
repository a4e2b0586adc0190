import {
  COMMISSION_COLUMNS,
  COMMISSION_ROW_FIELDS,
  COMMISSION_UPLOAD_LIMITS,
  CommissionRateRow,
  CommissionRowReasons,
  CommissionUploadMessages,
  type CommissionRowError,
} from '@portal/contracts';
import type { CellValue, SheetRows } from './read-workbook';

/** The whole file is refused: a message and, for row problems, the rows. */
export class RowsRefusal extends Error {
  constructor(
    message: string,
    readonly errors: CommissionRowError[] = [],
  ) {
    super(message);
  }
}

/** A good row of the file: the rate as stored, and its sheet row (the header is row 1). */
export interface RateRow extends CommissionRateRow {
  row: number;
}

const isBlank = (value: CellValue | undefined) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const headerText = (value: CellValue | undefined) =>
  (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
    .trim()
    .replace(/\s+/g, ' ');

function checkHeader(header: readonly CellValue[]): void {
  const errors: CommissionRowError[] = [];
  const width = Math.max(header.length, COMMISSION_COLUMNS.length);
  for (let c = 0; c < width; c++) {
    const found = headerText(header[c]);
    const expected = COMMISSION_COLUMNS[c];
    const column = `Column ${String.fromCharCode(65 + c)}`;
    if (expected === undefined) {
      if (found) errors.push({ row: 1, column, reason: `Unexpected column "${found}".` });
    } else if (found !== expected) {
      errors.push({
        row: 1,
        column,
        reason: found
          ? `Expected "${expected}", found "${found}".`
          : `Expected "${expected}", the cell is empty.`,
      });
    }
  }
  if (errors.length) throw new RowsRefusal(CommissionUploadMessages.columns, errors);
}

/** `Row 3, Commission Rate (%): ...; Row 5, ...` for the message; the full list goes in `errors`. */
export function describeFirst(errors: readonly CommissionRowError[], count = 3): string {
  return errors
    .slice(0, count)
    .map((error) => `Row ${error.row}, ${error.column}: ${error.reason}`)
    .join(' ');
}

export function refuseRows(errors: CommissionRowError[]): never {
  throw new RowsRefusal(
    CommissionUploadMessages.rowErrors(errors.length, describeFirst(errors)),
    errors.slice(0, COMMISSION_UPLOAD_LIMITS.maxListedErrors),
  );
}

/** Rows checked between two turns of the event loop: other calls are answered while a large file is checked. */
const ROWS_PER_TURN = 1_000;

/** Excel's 1904 date system counts from 1904-01-01, 1,462 days after the 1900 system's day 0. */
const DAYS_1900_TO_1904 = 1_462;

/**
 * The sheet's rows as rates (spec §2): the header must be the template's, blank rows are skipped, a non-blank row
 * past the cap refuses the file, every row is checked by the contract's CommissionRateRow, and one affiliate,
 * category and date may appear once. Rejects with a RowsRefusal naming every bad row.
 */
export async function rateRowsOf({ rows, date1904 }: SheetRows): Promise<RateRow[]> {
  if (rows.length === 0) throw new RowsRefusal(CommissionUploadMessages.noRows);
  checkHeader(rows[0]);
  const errors: CommissionRowError[] = [];
  const rates: RateRow[] = [];
  const seen = new Map<string, number>();
  for (let r = 1; r < rows.length; r++) {
    if (r % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const cells = rows[r];
    // Past the cap, any cell in any column read (a note in column F too) is one row too many.
    if (r > COMMISSION_UPLOAD_LIMITS.maxRows) {
      if (cells.every(isBlank)) continue;
      throw new RowsRefusal(CommissionUploadMessages.tooManyRows);
    }
    // Cells beyond the template's columns (a note) are ignored.
    if (cells.slice(0, COMMISSION_COLUMNS.length).every(isBlank)) continue;
    const row = r + 1;
    const date = cells[4] ?? null;
    const parsed = CommissionRateRow.safeParse({
      affiliateCode: cells[0] ?? null,
      ratePercent: cells[1] ?? null,
      productCategory: cells[2] ?? null,
      minimumOrderValue: cells[3] ?? null,
      effectiveDate: date1904 && typeof date === 'number' ? date + DAYS_1900_TO_1904 : date,
    });
    if (!parsed.success) {
      // The text rule's reasons first (every column), then each column's own, in the template's order.
      const issues = parsed.error.issues.map((issue) => ({
        text: (issue as { params?: { text?: boolean } }).params?.text === true,
        column:
          COMMISSION_COLUMNS[
            COMMISSION_ROW_FIELDS.indexOf(issue.path[0] as (typeof COMMISSION_ROW_FIELDS)[number])
          ],
        reason: issue.message,
      }));
      for (const issue of [...issues.filter((i) => i.text), ...issues.filter((i) => !i.text)])
        errors.push({ row, column: issue.column, reason: issue.reason });
      continue;
    }
    const rate = parsed.data;
    const key = JSON.stringify([rate.affiliateCode, rate.productCategory, rate.effectiveDate]);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({
        row,
        column: COMMISSION_COLUMNS[4],
        reason: `${CommissionRowReasons.duplicate} (row ${earlier})`,
      });
      continue;
    }
    seen.set(key, row);
    rates.push({ row, ...rate });
  }
  if (errors.length) refuseRows(errors);
  if (rates.length === 0) throw new RowsRefusal(CommissionUploadMessages.noRows);
  return rates;
}
