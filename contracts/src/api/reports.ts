import { z } from 'zod';
import { AffiliateStatusFilter } from './affiliates';
import { DateMessages, OptionalDateParam, SearchText } from './common';

export const REPORT_PAGE_SIZE = 25;
export const REPORT_MAX_PAGE_SIZE = 100;
/** A download link lives this long and serves its file once. */
export const DOWNLOAD_TOKEN_TTL_MINUTES = 10;

/**
 * Exports per user, counted in the database across gateways: up to `calls` in a row, then one more every
 * perMinutes / calls minutes. Each export is a file kept for an hour.
 */
export const EXPORT_LIMIT = { calls: 30, perMinutes: 60 } as const;

export const ReportMessages = {
  invalidDate: DateMessages.format,
  dateOutOfRange: DateMessages.range,
  dateOrder: 'Start Date must be on or before End Date.',
  invalidPage: 'Page must be a whole number of 1 or more.',
  invalidPageSize: `Page size must be a whole number from 1 to ${REPORT_MAX_PAGE_SIZE}.`,
  tokenValid: 'Link is valid.',
  exportBusy: 'An export is already being prepared. Please try again in a moment.',
  exportLimit: `You have made ${EXPORT_LIMIT.calls} exports in the last hour. Please try again in a few minutes.`,
  invalidMonth: 'Please choose a month (yyyy-MM) from 2000-01 to 2099-12.',
} as const;

const pageNumber = (message: string, max?: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= 1 && (max === undefined || value <= max), { error: message });

/**
 * Login report filter: both dates inclusive (whole days in the business time zone), either may be left
 * out; search matches the affiliate's code, name or sign-in email.
 */
export const LoginReportQuery = z
  .object({
    fromDate: OptionalDateParam,
    toDate: OptionalDateParam,
    search: SearchText.optional(),
  })
  .refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
    path: ['toDate'],
    error: ReportMessages.dateOrder,
  });
export type LoginReportQuery = z.input<typeof LoginReportQuery>;

/** "Generate Report" preview: the same filter, one page of rows. */
export const LoginReportRowsQuery = z
  .object({
    fromDate: OptionalDateParam,
    toDate: OptionalDateParam,
    search: SearchText.optional(),
    page: pageNumber(ReportMessages.invalidPage).optional(),
    pageSize: pageNumber(ReportMessages.invalidPageSize, REPORT_MAX_PAGE_SIZE).optional(),
  })
  .refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
    path: ['toDate'],
    error: ReportMessages.dateOrder,
  });
export type LoginReportRowsQuery = z.input<typeof LoginReportRowsQuery>;

/** One sign-in attempt by an affiliate account. loggedAt is an ISO instant. */
export const LoginReportRow = z.object({
  loginID: z.number().int(),
  affiliateCode: z.string(),
  fullName: z.string(),
  userName: z.string(),
  loggedAt: z.string(),
  success: z.boolean(),
  failureReason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type LoginReportRow = z.infer<typeof LoginReportRow>;

export const LoginReportPage = z.object({
  results: z.array(LoginReportRow),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type LoginReportPage = z.infer<typeof LoginReportPage>;

/** `GET report/affiliate`: the admin's Excel of the affiliate list, optionally as filtered on screen. */
export const AffiliateReportQuery = z.object({
  search: SearchText.optional(),
  status: AffiliateStatusFilter.optional(),
  /**
   * Issue 29: BVN/NIN and account numbers are masked in the workbook unless this is `true`; a full export
   * writes an audit row on every affiliate it contains.
   */
  fullNumbers: z
    .enum(['true', 'false'], { error: 'fullNumbers must be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
});
export type AffiliateReportQuery = z.input<typeof AffiliateReportQuery>;

/** Report answers (spec §3): a download link with a short-lived single-use token in its query. */
export const ExcelPathResponse = z.object({ excelPath: z.string() });
export type ExcelPathResponse = z.infer<typeof ExcelPathResponse>;

/** A missing or malformed token is simply not valid ('Invalid or expired link.'), never a 400. */
export const DownloadTokenQuery = z.object({
  token: z
    .string()
    .trim()
    .optional()
    .catch(undefined)
    .transform((value) => (value && value.length <= 200 ? value : undefined)),
});

/** `GET report/check-download-token-valid`: 200 either way; `valid` false carries 'Invalid or expired link.'. */
export const DownloadTokenCheckResponse = z.object({ valid: z.boolean(), message: z.string() });
export type DownloadTokenCheckResponse = z.infer<typeof DownloadTokenCheckResponse>;

/**
 * `GET report/commission-statement` (beyond the spec): the signed-in affiliate's own orders of one calendar
 * month (business time) with the commission each earned, as Excel.
 */
export const CommissionStatementQuery = z.object({
  month: z
    .string({ error: ReportMessages.invalidMonth })
    .trim()
    .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: ReportMessages.invalidMonth }),
});
export type CommissionStatementQuery = z.input<typeof CommissionStatementQuery>;
