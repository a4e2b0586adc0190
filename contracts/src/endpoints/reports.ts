import type { Right } from '../rights';
import { ErrorResponse } from '../api/common';
import {
  EXPORT_LIMIT,
  AffiliateReportQuery,
  CommissionStatementQuery,
  DownloadTokenCheckResponse,
  DownloadTokenQuery,
  ExcelPathResponse,
  LoginReportPage,
  LoginReportQuery,
  LoginReportRowsQuery,
} from '../api/reports';
import { defineEndpoint } from '../endpoint';

/** Admin reports (`reports`) and back-office reports (`backoffice_reports`), spec §2. */
export const REPORT_RIGHTS: readonly Right[] = ['reports', 'backoffice_reports'];
/** Download Excel on the affiliate list is the admin's alone (spec §2, §6). */
export const AFFILIATE_EXPORT_RIGHTS: readonly Right[] = ['affiliates'];
/** The monthly commission statement is the affiliate's own, from its dashboard. */
export const COMMISSION_STATEMENT_RIGHTS: readonly Right[] = ['affiliate_dashboard'];

const TAG = 'Reports';
const exportErrors = {
  429: {
    description: `An export of the caller's is already running, or it made ${EXPORT_LIMIT.calls} in the last ${EXPORT_LIMIT.perMinutes} minutes (see Retry-After)`,
    schema: ErrorResponse,
  },
};

export const ReportEndpoints = {
  loginReportExport: defineEndpoint({
    method: 'get',
    path: '/report/loginhistory',
    tag: TAG,
    summary:
      'Affiliate Login Report as Excel: sign-in attempts on affiliate accounts between fromDate and toDate (yyyy-MM-dd, inclusive, Nigerian time), optionally matching search. Answers excelPath, a single-use link valid for 10 minutes.',
    auth: { anyRight: REPORT_RIGHTS },
    query: LoginReportQuery,
    answer: { description: 'The download link', schema: ExcelPathResponse },
    otherAnswers: exportErrors,
  }),
  loginReportRows: defineEndpoint({
    method: 'get',
    path: '/report/loginhistory/rows',
    tag: TAG,
    summary:
      'Generate Report: the same filter as report/loginhistory, one page of rows (newest first) as { results, totalCount, pageNo, pageSize }; pageSize defaults to 25.',
    auth: { anyRight: REPORT_RIGHTS },
    query: LoginReportRowsQuery,
    answer: { description: 'One page of sign-in attempts', schema: LoginReportPage },
  }),
  affiliateExport: defineEndpoint({
    method: 'get',
    path: '/report/affiliate',
    tag: TAG,
    summary:
      "Admin's Download Excel of the affiliate list (optionally filtered by search and status as on screen). Back office is refused. BVN/NIN and account numbers are masked ('••••••••562') unless fullNumbers=true, which writes an audit row on every affiliate exported. Answers excelPath.",
    auth: { anyRight: AFFILIATE_EXPORT_RIGHTS },
    query: AffiliateReportQuery,
    answer: { description: 'The download link', schema: ExcelPathResponse },
    otherAnswers: exportErrors,
  }),
  commissionStatement: defineEndpoint({
    method: 'get',
    path: '/report/commission-statement',
    tag: TAG,
    summary:
      "The signed-in affiliate's monthly commission statement as Excel (beyond the spec): its own orders dated in month (yyyy-MM, Nigerian time) with status and the commission each earned, and the month's totals. Answers excelPath, a single-use link valid for 10 minutes.",
    auth: { anyRight: COMMISSION_STATEMENT_RIGHTS },
    query: CommissionStatementQuery,
    answer: { description: 'The download link', schema: ExcelPathResponse },
    otherAnswers: exportErrors,
  }),
  checkDownloadToken: defineEndpoint({
    method: 'get',
    path: '/report/check-download-token-valid',
    tag: TAG,
    summary:
      "Whether a download link's token still works (unused and unexpired), without using it: { valid, message }; message is 'Invalid or expired link.' when not.",
    auth: 'public',
    query: DownloadTokenQuery,
    answer: { description: 'The verdict', schema: DownloadTokenCheckResponse },
  }),
  download: defineEndpoint({
    method: 'get',
    path: '/report/download',
    tag: TAG,
    summary:
      "The file behind an excelPath. The token is the credential (browsers follow the link without a bearer header); it works once, within 10 minutes. 410 'Invalid or expired link.' otherwise.",
    auth: 'public',
    query: DownloadTokenQuery,
    answer: {
      description: 'The spreadsheet',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    otherAnswers: { 410: { description: 'Invalid, used or expired token', schema: ErrorResponse } },
  }),
};
