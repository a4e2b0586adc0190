import { z } from 'zod';
import {
  COMMISSION_COLUMNS,
  COMMISSION_UPLOAD_LIMITS,
  CommissionRowReasons as Reason,
  CommissionUploadMessages,
  DATE_PARAM_MAX,
  DATE_PARAM_MIN,
  hasControlCharacters,
  type CommissionRowError,
} from '@portal/contracts';
import type { CellValue, SheetRows } from './read-workbook';

/** One rate as it will be stored: money and percentages as decimal text, never floats. */
export interface RateRow {
  /** The sheet's row number (the header is row 1). */
  row: number;
  affiliateCode: string;
  ratePercent: string;
  productCategory: string;
  minimumOrderValue: string;
  effectiveDate: string;
}

/** The whole file is refused: a message and, for row problems, the rows. */
export class RowsRefusal extends Error {
  constructor(
    message: string,
    readonly errors: CommissionRowError[] = [],
  ) {
    super(message);
  }
}

const [AFFILIATE, RATE, CATEGORY, MINIMUM, DATE] = COMMISSION_COLUMNS;

const isBlank = (value: CellValue) => value === null || (typeof value === 'string' && value.trim() === '');

/** A number as plain decimal text (no exponent), or undefined when it is not one. */
function decimalText(value: CellValue, { percent = false, money = false } = {}): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    // Excel keeps 2.55 as the double nearest it; 15 significant digits give back what was typed.
    const text = String(Number(value.toPrecision(15)));
    return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text;
  }
  if (typeof value !== 'string') return undefined;
  let text = value.trim();
  if (percent) text = text.replace(/\s*%$/, '');
  if (money) text = text.replace(/^(₦|NGN)\s*/i, '').replace(/,(?=\d{3}(\D|$))/g, '');
  return /^-?\d+(\.\d+)?$/.test(text) ? text : undefined;
}

const decimals = (text: string) => (text.includes('.') ? text.split('.')[1].length : 0);

/** Excel's day numbers: day 0 is 1899-12-30 (1900 system, after its leap-year bug) or 1904-01-01. */
function serialToDay(serial: number, date1904: boolean): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return undefined;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

function dayText(value: CellValue, date1904: boolean): string | undefined {
  const day =
    typeof value === 'number'
      ? serialToDay(value, date1904)
      : typeof value === 'string'
        ? value.trim()
        : undefined;
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return undefined;
  return day >= DATE_PARAM_MIN && day <= DATE_PARAM_MAX ? day : undefined;
}

const text = (value: CellValue) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** The zod check of one row's five plain values; each issue names its column. */
function rowSchema(date1904: boolean) {
  const fail = (ctx: z.RefinementCtx, column: string, reason: string) =>
    ctx.addIssue({ code: 'custom', path: [column], message: reason });
  return z.tuple([z.any(), z.any(), z.any(), z.any(), z.any()]).transform((cells, ctx) => {
    const [affiliate, rate, category, minimum, effective] = cells as CellValue[];
    for (const [column, value] of COMMISSION_COLUMNS.map((name, i) => [name, cells[i]] as const)) {
      if (typeof value === 'string' && (value.length > 200 || hasControlCharacters(value)))
        fail(ctx, column, Reason.text);
    }
    const affiliateCode = text(affiliate);
    if (!affiliateCode) fail(ctx, AFFILIATE, Reason.affiliateRequired);
    else if (affiliateCode.length > 40) fail(ctx, AFFILIATE, Reason.affiliateUnknown);

    const ratePercent = decimalText(rate, { percent: true });
    if (isBlank(rate)) fail(ctx, RATE, Reason.rateRequired);
    else if (ratePercent === undefined) fail(ctx, RATE, Reason.rateNumber);
    else if (Number(ratePercent) < 0 || Number(ratePercent) > 100) fail(ctx, RATE, Reason.rateRange);
    else if (decimals(ratePercent) > 2) fail(ctx, RATE, Reason.rateDecimals);

    const productCategory = text(category).replace(/\s+/g, ' ');
    if (!productCategory) fail(ctx, CATEGORY, Reason.categoryRequired);
    else if (productCategory.length > 100) fail(ctx, CATEGORY, Reason.categoryLength);

    // An empty minimum is no minimum.
    const minimumOrderValue = isBlank(minimum) ? '0' : decimalText(minimum, { money: true });
    if (minimumOrderValue === undefined || decimals(minimumOrderValue) > 2)
      fail(ctx, MINIMUM, Reason.minimumNumber);
    else if (Number(minimumOrderValue) < 0) fail(ctx, MINIMUM, Reason.minimumNegative);
    else if (Number(minimumOrderValue) >= 1e12) fail(ctx, MINIMUM, Reason.minimumTooLarge);

    const effectiveDate = dayText(effective, date1904);
    if (isBlank(effective)) fail(ctx, DATE, Reason.dateRequired);
    else if (!effectiveDate) fail(ctx, DATE, Reason.date);

    return { affiliateCode, ratePercent, productCategory, minimumOrderValue, effectiveDate } as Omit<
      RateRow,
      'row'
    >;
  });
}

function checkHeader(header: CellValue[] | undefined): void {
  const errors: CommissionRowError[] = [];
  const cells = header ?? [];
  const width = Math.max(cells.length, COMMISSION_COLUMNS.length);
  for (let c = 0; c < width; c++) {
    const found = text(cells[c] ?? null).replace(/\s+/g, ' ');
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

/**
 * The sheet's cells as rates, or a RowsRefusal naming every bad row: the header must be the template's,
 * blank rows are skipped, and one affiliate, category and date may appear once.
 */
export function toRateRows({ rows, date1904 }: SheetRows): RateRow[] {
  if (rows.length === 0) throw new RowsRefusal(CommissionUploadMessages.noRows);
  checkHeader(rows[0]);
  let last = rows.length - 1;
  while (last > 0 && rows[last].every(isBlank)) last--;
  if (last > COMMISSION_UPLOAD_LIMITS.maxRows) throw new RowsRefusal(CommissionUploadMessages.tooManyRows);

  const schema = rowSchema(date1904);
  const errors: CommissionRowError[] = [];
  const rates: RateRow[] = [];
  const seen = new Map<string, number>();
  for (let r = 1; r <= last; r++) {
    const cells = rows[r].slice(0, COMMISSION_COLUMNS.length);
    while (cells.length < COMMISSION_COLUMNS.length) cells.push(null);
    if (cells.every(isBlank)) continue;
    const row = r + 1;
    const result = schema.safeParse(cells);
    if (!result.success) {
      for (const issue of result.error.issues)
        errors.push({ row, column: String(issue.path[0] ?? AFFILIATE), reason: issue.message });
      continue;
    }
    const rate = { row, ...result.data };
    const key = JSON.stringify([rate.affiliateCode, rate.productCategory, rate.effectiveDate]);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({ row, column: DATE, reason: `${Reason.duplicate} (row ${earlier})` });
      continue;
    }
    seen.set(key, row);
    rates.push(rate);
  }
  if (errors.length) refuseRows(errors);
  if (rates.length === 0) throw new RowsRefusal(CommissionUploadMessages.noRows);
  return rates;
}
