import { z } from 'zod';
import { Messages } from '../messages';
import { hasControlCharacters } from '../rules/plain-text';
import { DATE_PARAM_MAX, DATE_PARAM_MIN, SearchText, withoutControlCharacters } from './common';

// ---- the upload (spec §2, §5, §7 `master/commision/upload`, §8) ----------------------------------------

/** The multipart field that carries the workbook (spec §7). */
export const COMMISSION_UPLOAD_FIELD = 'data';

/** The template's columns, in this order and spelled exactly so (spec §2). */
export const COMMISSION_COLUMNS = [
  'Affiliate ID',
  'Commission Rate (%)',
  'Product Category',
  'Minimum Order Value',
  'Effective Date',
] as const;
export type CommissionColumn = (typeof COMMISSION_COLUMNS)[number];

/** Where the shell serves the template (spec §7: a host-relative path). */
export const COMMISSION_TEMPLATE_PATH = '/assets/sample-affiliate-commission.xlsx';

export const COMMISSION_UPLOAD_LIMITS = {
  /** Bytes of the file as sent; 413 over it. */
  maxBytes: 10 * 1024 * 1024,
  /** Rate rows under the header row. */
  maxRows: 100_000,
  /** How many row errors an answer lists (the message names the first three). */
  maxListedErrors: 500,
} as const;

/** .xlsx or .xls, by name (spec §5); the server checks the content too. */
export function isExcelFileName(name: string): boolean {
  return /\.(xlsx|xls)$/i.test(name.trim());
}

const rowCount = (n: number) => n.toLocaleString('en-US');

export const CommissionUploadMessages = {
  invalidType: Messages.invalidExcelType,
  fileRequired: 'Please choose an Excel file to upload.',
  tooLarge: `The file is larger than ${COMMISSION_UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB. Please split it into smaller files.`,
  empty: 'The file is empty.',
  notExcel: 'The file is not an Excel workbook. Please upload Excel (.xlsx, .xls) file.',
  unpacksTooLarge:
    'The workbook unpacks to far more data than a commission file holds, so it was not read. Please save it again in Excel.',
  macros:
    'The workbook contains macros. Please save it as a plain Excel workbook (.xlsx) and upload it again.',
  formulas:
    'The workbook contains formulas. Please paste the values only (Paste Special > Values) and upload it again.',
  unreadable: 'The workbook could not be read. Please save it again in Excel and upload it again.',
  tooSlow:
    'The workbook took too long to read. Please save it again in Excel or split it into smaller files.',
  tooManyRows: `The file has more than ${rowCount(COMMISSION_UPLOAD_LIMITS.maxRows)} rows. Please split it into smaller files.`,
  noSheet: 'The workbook has no sheet.',
  noRows: 'The file has no commission rates: add one row per rate under the header row.',
  columns: `The columns must be exactly, in this order: ${COMMISSION_COLUMNS.join(', ')}.`,
  busy: 'Another commission file is being read. Please try again in a moment.',
  uploaded: (rows: number) =>
    `Commission rates uploaded successfully: ${rowCount(rows)} ${rows === 1 ? 'row' : 'rows'} saved.`,
  rowErrors: (count: number, first: string) =>
    `The file was not uploaded: ${rowCount(count)} ${count === 1 ? 'row has an error' : 'errors'}. ${first}`,
} as const;

/** Why one cell of the file was refused. Row numbers are the sheet's (the header is row 1). */
export const CommissionRowError = z.object({
  row: z.number().int(),
  column: z.string(),
  reason: z.string(),
});
export type CommissionRowError = z.infer<typeof CommissionRowError>;

export const CommissionRowReasons = {
  affiliateRequired: 'Affiliate ID is required.',
  affiliateUnknown: 'No affiliate has this ID.',
  rateRequired: 'Commission Rate (%) is required.',
  rateNumber: 'Commission Rate (%) must be a number.',
  rateRange: 'Commission Rate (%) must be between 0 and 100.',
  rateDecimals: 'Commission Rate (%) may have at most 2 decimals.',
  categoryRequired: 'Product Category is required.',
  categoryLength: 'Product Category must be at most 100 characters.',
  minimumNumber: 'Minimum Order Value must be a number of naira (at most 2 decimals).',
  minimumNegative: 'Minimum Order Value must be 0 or more.',
  minimumTooLarge: 'Minimum Order Value must be less than 1,000,000,000,000.',
  dateRequired: 'Effective Date is required.',
  date: 'Effective Date must be a real date (yyyy-MM-dd) between 2000-01-01 and 2100-12-31.',
  text: 'The cell holds hidden control characters or is too long.',
  duplicate: 'The same affiliate, category and effective date appear earlier in the file.',
} as const;

/** A cell as the gateway reads it from a sheet: text, a number, a boolean, or empty. */
export const SheetCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type SheetCell = z.infer<typeof SheetCell>;

const isBlank = (value: SheetCell) => value === null || (typeof value === 'string' && value.trim() === '');
const cellText = (value: SheetCell) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A number as plain decimal text (no exponent), or undefined when it is not one. */
function decimalText(value: SheetCell, { percent = false, money = false } = {}): string | undefined {
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

/** A day as yyyy-MM-dd within the portal's date bounds: typed text, or an Excel day number (1900 system). */
function dayText(value: SheetCell): string | undefined {
  let day: string | undefined;
  if (typeof value === 'number') {
    // Day 0 of Excel's 1900 system is 1899-12-30 (after its leap-year bug); a day number is a real date.
    if (!Number.isFinite(value) || value < 1 || value > 2_958_465) return undefined;
    day = new Date(Date.UTC(1899, 11, 30) + Math.floor(value) * 86_400_000).toISOString().slice(0, 10);
  } else {
    day = typeof value === 'string' ? value.trim() : '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
    const date = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return undefined;
  }
  return day >= DATE_PARAM_MIN && day <= DATE_PARAM_MAX ? day : undefined;
}

/**
 * One column of the template: the text rule (any column), then the column's own rule, each failing with
 * its reason; the value as the database stores it.
 */
const column = (rule: (value: SheetCell) => string | { reason: string }) =>
  SheetCell.transform((value, ctx) => {
    if (typeof value === 'string' && (value.length > 200 || hasControlCharacters(value)))
      ctx.addIssue({ code: 'custom', message: CommissionRowReasons.text, params: { text: true } });
    const answer = rule(value);
    if (typeof answer === 'string') return answer;
    ctx.addIssue({ code: 'custom', message: answer.reason });
    return z.NEVER;
  });

const no = (reason: string) => ({ reason });

/**
 * One row of the commission upload (spec §2), its cells by column (an Excel date cell as its day number in the
 * 1900 system), as the rate the database stores: each issue's message is the reason the screen shows for that
 * column, and an issue with `params.text` is the text rule's.
 */
export const CommissionRateRow = z.object({
  affiliateCode: column((value) => {
    const code = cellText(value);
    if (!code) return no(CommissionRowReasons.affiliateRequired);
    return code.length > 40 ? no(CommissionRowReasons.affiliateUnknown) : code;
  }),
  ratePercent: column((value) => {
    if (isBlank(value)) return no(CommissionRowReasons.rateRequired);
    const rate = decimalText(value, { percent: true });
    if (rate === undefined) return no(CommissionRowReasons.rateNumber);
    if (Number(rate) < 0 || Number(rate) > 100) return no(CommissionRowReasons.rateRange);
    return decimals(rate) > 2 ? no(CommissionRowReasons.rateDecimals) : rate;
  }),
  productCategory: column((value) => {
    const category = cellText(value).replace(/\s+/g, ' ');
    if (!category) return no(CommissionRowReasons.categoryRequired);
    return category.length > 100 ? no(CommissionRowReasons.categoryLength) : category;
  }),
  // An empty minimum is no minimum.
  minimumOrderValue: column((value) => {
    const minimum = isBlank(value) ? '0' : decimalText(value, { money: true });
    if (minimum === undefined || decimals(minimum) > 2) return no(CommissionRowReasons.minimumNumber);
    if (Number(minimum) < 0) return no(CommissionRowReasons.minimumNegative);
    return Number(minimum) >= 1e12 ? no(CommissionRowReasons.minimumTooLarge) : minimum;
  }),
  effectiveDate: column((value) => {
    if (isBlank(value)) return no(CommissionRowReasons.dateRequired);
    return dayText(value) ?? no(CommissionRowReasons.date);
  }),
});
export type CommissionRateRow = z.output<typeof CommissionRateRow>;

/** The schema's fields in the template's column order. */
export const COMMISSION_ROW_FIELDS = [
  'affiliateCode',
  'ratePercent',
  'productCategory',
  'minimumOrderValue',
  'effectiveDate',
] as const satisfies readonly (keyof CommissionRateRow)[];

/** `master/commision/upload` success (spec §7: success, message). */
export const CommissionUploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  uploadId: z.number().int(),
  rowCount: z.number().int(),
  /** Orders whose commission changed because a rate now applies to them (backdated rates). */
  ordersRecomputed: z.number().int(),
});
export type CommissionUploadResponse = z.infer<typeof CommissionUploadResponse>;

/** A file refused whole (400): the message names the first bad rows, `errors` lists them. */
export const CommissionUploadRefusal = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(CommissionRowError),
});
export type CommissionUploadRefusal = z.infer<typeof CommissionUploadRefusal>;

// ---- current rates and upload history (beyond the spec) -------------------------------------------------

export const COMMISSION_MAX_PAGE_SIZE = 100;

export const CommissionListMessages = {
  invalidPage: 'Page must be a whole number from 1.',
  invalidPageSize: `Page size must be a whole number from 1 to ${COMMISSION_MAX_PAGE_SIZE}.`,
  categoryTooLong: 'Category must be at most 100 characters.',
} as const;

const positiveInt = (message: string, max?: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= 1 && (max === undefined || value <= max), { error: message });

export const CommissionRatesQuery = z.object({
  page: positiveInt(CommissionListMessages.invalidPage).optional(),
  pageSize: positiveInt(CommissionListMessages.invalidPageSize, COMMISSION_MAX_PAGE_SIZE).optional(),
  /** Affiliate code or name. */
  search: SearchText.optional(),
  category: withoutControlCharacters(
    z
      .string({ error: CommissionListMessages.categoryTooLong })
      .trim()
      .max(100, { error: CommissionListMessages.categoryTooLong }),
  ).optional(),
});

/** Money as text with two decimals (naira); rates with up to 3 (numeric(6,3)). */
const Decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One rate in force: one per affiliate and category, so the two name it. */
export const CommissionRate = z.object({
  affiliateCode: z.string(),
  affiliateName: z.string().nullable(),
  productCategory: z.string(),
  ratePercent: Decimal,
  minimumOrderValue: Decimal,
  effectiveDate: z.string(),
  uploadId: z.number().int().nullable(),
});
export type CommissionRate = z.infer<typeof CommissionRate>;

export const CommissionRatesPage = z.object({
  results: z.array(CommissionRate),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** Every category that has a rate, for the filter. */
  categories: z.array(z.string()),
});
export type CommissionRatesPage = z.infer<typeof CommissionRatesPage>;

export const CommissionUploadsQuery = z.object({
  page: positiveInt(CommissionListMessages.invalidPage).optional(),
  pageSize: positiveInt(CommissionListMessages.invalidPageSize, COMMISSION_MAX_PAGE_SIZE).optional(),
});

export const CommissionUploadRecord = z.object({
  uploadId: z.number().int(),
  fileName: z.string(),
  rowCount: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type CommissionUploadRecord = z.infer<typeof CommissionUploadRecord>;

export const CommissionUploadsPage = z.object({
  results: z.array(CommissionUploadRecord),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type CommissionUploadsPage = z.infer<typeof CommissionUploadsPage>;
