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
import type { CellValue, SheetRange } from './read-workbook';

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

type Checked<T> = { value: T; reason?: undefined } | { value?: undefined; reason: string };

const ok = <T>(value: T): Checked<T> => ({ value });
const no = (reason: string): Checked<never> => ({ reason });

/** A cell's answer in one column: the text rule's reason (any column), then the column's own reason or value. */
interface CellAnswer {
  text?: string;
  reason?: string;
  value?: string;
}

const plainTextReason = (value: CellValue) =>
  typeof value === 'string' && (value.length > 200 || hasControlCharacters(value)) ? Reason.text : undefined;

/**
 * Each column's rules, pure functions of one cell. A file repeats the same rates, minimums, dates and codes row
 * after row, so each distinct cell value is checked once per column and file, and the answer (the text rule's
 * and the column's together: one lookup per cell) reused.
 */
function columnRules(date1904: boolean): ((value: CellValue) => CellAnswer)[] {
  const column = (check: (value: CellValue) => Checked<string>) => {
    const seen = new Map<CellValue, CellAnswer>();
    return (value: CellValue): CellAnswer => {
      let answer = seen.get(value);
      if (answer === undefined) {
        const checked = check(value);
        answer = { text: plainTextReason(value), reason: checked.reason, value: checked.value };
        seen.set(value, answer);
      }
      return answer;
    };
  };
  return [
    column((value) => {
      const affiliateCode = text(value);
      if (!affiliateCode) return no(Reason.affiliateRequired);
      if (affiliateCode.length > 40) return no(Reason.affiliateUnknown);
      return ok(affiliateCode);
    }),
    column((value) => {
      if (isBlank(value)) return no(Reason.rateRequired);
      const ratePercent = decimalText(value, { percent: true });
      if (ratePercent === undefined) return no(Reason.rateNumber);
      if (Number(ratePercent) < 0 || Number(ratePercent) > 100) return no(Reason.rateRange);
      if (decimals(ratePercent) > 2) return no(Reason.rateDecimals);
      return ok(ratePercent);
    }),
    column((value) => {
      const productCategory = text(value).replace(/\s+/g, ' ');
      if (!productCategory) return no(Reason.categoryRequired);
      if (productCategory.length > 100) return no(Reason.categoryLength);
      return ok(productCategory);
    }),
    // An empty minimum is no minimum.
    column((value) => {
      const minimumOrderValue = isBlank(value) ? '0' : decimalText(value, { money: true });
      if (minimumOrderValue === undefined || decimals(minimumOrderValue) > 2) return no(Reason.minimumNumber);
      if (Number(minimumOrderValue) < 0) return no(Reason.minimumNegative);
      if (Number(minimumOrderValue) >= 1e12) return no(Reason.minimumTooLarge);
      return ok(minimumOrderValue);
    }),
    column((value) => {
      if (isBlank(value)) return no(Reason.dateRequired);
      const effectiveDate = dayText(value, date1904);
      return effectiveDate ? ok(effectiveDate) : no(Reason.date);
    }),
  ];
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

/** Good rates column by column: index i of every array is one rate (`rows[i]` its sheet row, header 1). */
export interface RateColumns {
  rows: number[];
  affiliateCodes: string[];
  ratePercents: string[];
  productCategories: string[];
  minimumOrderValues: string[];
  effectiveDates: string[];
}

/** The dates of one affiliate and category seen so far (date → row), and the earliest of them. */
interface SeenDates {
  rows: Map<string, number>;
  earliest: string;
}

/**
 * The sheet's cells as rates, range of rows after range of rows (as the worker reads them), with the answer
 * of one whole read: the header must be the template's (checked on the first range), blank rows are skipped,
 * a non-blank row past the cap refuses the file at once, and one affiliate, category and date may appear
 * once. Every row is checked here again, whatever the worker thread answered: it only ever hands over plain
 * values. `add` answers the good rates of a range, column by column (no object per row); after the first bad
 * row `failed` is true (the rest is still checked, for the full list), and `finish` throws the refusal a whole
 * read would have thrown.
 */
export class RateRowChecker {
  private readonly errors: CommissionRowError[] = [];
  /**
   * The dates of each affiliate and category seen, nested: the keys are the rules' own strings (one per
   * distinct cell), whose hashes are kept, where one joined key per row was a new string to hash and collect.
   */
  private readonly seen = new Map<string, Map<string, SeenDates>>();
  private rules: ((value: CellValue) => CellAnswer)[] | undefined;
  private ranges = 0;
  private rateCount = 0;

  get failed(): boolean {
    return this.errors.length > 0;
  }

  /** Good rates so far. */
  get count(): number {
    return this.rateCount;
  }

  add(range: SheetRange, date1904: boolean): RateColumns {
    const { firstRow, rowCount, columns: all } = range;
    if (this.ranges++ === 0) {
      this.rules = columnRules(date1904);
      checkHeader(firstRow === 0 ? all.map((column) => column[0] ?? null) : []);
    }
    const [affiliateRule, rateRule, categoryRule, minimumRule, dateRule] = this.rules!;
    const { errors, seen } = this;
    // The five columns of the template; a column the sheet does not have reads as empty cells.
    const [affiliates, rates, categories, minimums, dates] = COMMISSION_COLUMNS.map((_, c) => all[c] ?? []);
    const good: RateColumns = {
      rows: [],
      affiliateCodes: [],
      ratePercents: [],
      productCategories: [],
      minimumOrderValues: [],
      effectiveDates: [],
    };
    for (let i = firstRow === 0 ? 1 : 0; i < rowCount; i++) {
      const r = firstRow + i;
      // Past the cap, any cell in any column read (a note in column F too) is one row too many.
      if (r > COMMISSION_UPLOAD_LIMITS.maxRows) {
        for (let c = 0; c < all.length; c++)
          if (!isBlank(all[c][i] ?? null)) throw new RowsRefusal(CommissionUploadMessages.tooManyRows);
        continue;
      }
      const cell0 = affiliates[i] ?? null;
      const cell1 = rates[i] ?? null;
      const cell2 = categories[i] ?? null;
      const cell3 = minimums[i] ?? null;
      const cell4 = dates[i] ?? null;
      if (isBlank(cell0) && isBlank(cell1) && isBlank(cell2) && isBlank(cell3) && isBlank(cell4)) continue;
      const row = r + 1;
      const affiliate = affiliateRule(cell0);
      const rate = rateRule(cell1);
      const category = categoryRule(cell2);
      const minimum = minimumRule(cell3);
      const effective = dateRule(cell4);
      if (
        affiliate.value === undefined ||
        rate.value === undefined ||
        category.value === undefined ||
        minimum.value === undefined ||
        effective.value === undefined ||
        affiliate.text ||
        rate.text ||
        category.text ||
        minimum.text ||
        effective.text
      ) {
        // The text rule of every column first, then each column's own rule, in the template's order.
        const answers = [affiliate, rate, category, minimum, effective];
        answers.forEach((answer, c) => {
          if (answer.text) errors.push({ row, column: COMMISSION_COLUMNS[c], reason: answer.text });
        });
        if (affiliate.reason) errors.push({ row, column: AFFILIATE, reason: affiliate.reason });
        if (rate.reason) errors.push({ row, column: RATE, reason: rate.reason });
        if (category.reason) errors.push({ row, column: CATEGORY, reason: category.reason });
        if (minimum.reason) errors.push({ row, column: MINIMUM, reason: minimum.reason });
        if (effective.reason) errors.push({ row, column: DATE, reason: effective.reason });
        continue;
      }
      const affiliateCode = affiliate.value;
      const productCategory = category.value;
      const effectiveDate = effective.value;
      let byCategory = seen.get(affiliateCode);
      if (!byCategory) seen.set(affiliateCode, (byCategory = new Map()));
      let days = byCategory.get(productCategory);
      if (!days) byCategory.set(productCategory, (days = { rows: new Map(), earliest: effectiveDate }));
      const earlier = days.rows.get(effectiveDate);
      if (earlier !== undefined) {
        errors.push({ row, column: DATE, reason: `${Reason.duplicate} (row ${earlier})` });
        continue;
      }
      days.rows.set(effectiveDate, row);
      if (effectiveDate < days.earliest) days.earliest = effectiveDate;
      good.rows.push(row);
      good.affiliateCodes.push(affiliateCode);
      good.ratePercents.push(rate.value);
      good.productCategories.push(productCategory);
      good.minimumOrderValues.push(minimum.value);
      good.effectiveDates.push(effectiveDate);
    }
    this.rateCount += good.rows.length;
    return good;
  }

  /**
   * Per affiliate and category of the good rates, the earliest date (all the recompute needs: every later
   * order is covered by it), kept while the rows are checked rather than gathered from every rate at the end.
   */
  earliestRates(): { affiliateCode: string; productCategory: string; effectiveDate: string }[] {
    const earliest: { affiliateCode: string; productCategory: string; effectiveDate: string }[] = [];
    for (const [affiliateCode, byCategory] of this.seen)
      for (const [productCategory, days] of byCategory)
        earliest.push({ affiliateCode, productCategory, effectiveDate: days.earliest });
    return earliest;
  }

  /** The end of the sheet (`rowCount` as a whole read counts it): throws the file's refusal, if any. */
  finish(rowCount: number): void {
    if (this.ranges === 0) {
      if (rowCount === 0) throw new RowsRefusal(CommissionUploadMessages.noRows);
      checkHeader([]);
    }
    if (this.errors.length) refuseRows(this.errors);
    if (this.rateCount === 0) throw new RowsRefusal(CommissionUploadMessages.noRows);
  }
}
