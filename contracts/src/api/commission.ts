import { z } from 'zod';
import { Messages } from '../messages';
import { SearchText, withoutControlCharacters } from './common';

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
