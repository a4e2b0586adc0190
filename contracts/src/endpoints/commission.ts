import {
  COMMISSION_COLUMNS,
  COMMISSION_UPLOAD_FIELD,
  COMMISSION_UPLOAD_LIMITS,
  CommissionRatesPage,
  CommissionRatesQuery,
  CommissionUploadMessages,
  CommissionUploadRefusal,
  CommissionUploadResponse,
  CommissionUploadsPage,
  CommissionUploadsQuery,
} from '../api/commission';
import { ErrorResponse } from '../api/common';
import {
  RETURN_WINDOW_DEFAULT_DAYS,
  ReturnWindowList,
  SaveReturnWindowRequest,
  SaveReturnWindowResponse,
} from '../api/return-windows';
import { defineEndpoint } from '../endpoint';

const TAG = 'Commission rates';
const AUTH = { anyRight: ['uploadcommission_master'] } as const;
const error = (description: string) => ({ description, schema: ErrorResponse });

export const CommissionEndpoints = {
  upload: defineEndpoint({
    method: 'post',
    path: '/master/commision/upload',
    tag: TAG,
    summary:
      `Commission rates from Excel: multipart, the workbook in the field "${COMMISSION_UPLOAD_FIELD}" (.xlsx or .xls, ` +
      `at most ${COMMISSION_UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB and ${COMMISSION_UPLOAD_LIMITS.maxRows} rows), ` +
      `columns exactly ${COMMISSION_COLUMNS.join(', ')}. Stored whole in one transaction or refused whole; a row for ` +
      'an affiliate, category and effective date already held replaces that row, other dates stay. Orders the new ' +
      'rates apply to (backdated rates) are recomputed in the same transaction.',
    auth: AUTH,
    multipart: { [COMMISSION_UPLOAD_FIELD]: 'file' },
    answer: { description: 'Stored: { success: true, message, ... }', schema: CommissionUploadResponse },
    otherAnswers: {
      400: {
        description:
          'Refused whole: { success: false, message naming the first bad rows, errors: [{ row, column, reason }] }; ' +
          'or no file, an empty file, wrong columns, too many rows, formulas or macros ({ message }).',
        schema: CommissionUploadRefusal,
      },
      413: error(CommissionUploadMessages.tooLarge),
      415: error(`${CommissionUploadMessages.invalidType} / ${CommissionUploadMessages.notExcel}`),
      503: error(CommissionUploadMessages.busy),
    },
  }),
  rates: defineEndpoint({
    method: 'get',
    path: '/master/commision/rates',
    tag: TAG,
    summary:
      'Rates in force today: per affiliate and category the newest row effective on or before today. search: affiliate ' +
      'code or name; category: exact. Paged (pageSize default 10).',
    auth: AUTH,
    query: CommissionRatesQuery,
    answer: { description: 'One page of rates', schema: CommissionRatesPage },
  }),
  uploads: defineEndpoint({
    method: 'get',
    path: '/master/commision/uploads',
    tag: TAG,
    summary: 'Upload history, newest first: file name, rows, who and when. Paged (pageSize default 10).',
    auth: AUTH,
    query: CommissionUploadsQuery,
    answer: { description: 'One page of uploads', schema: CommissionUploadsPage },
  }),
  // Issue 28, the commission ledger: how long an order's commission is held after it qualifies.
  returnWindows: defineEndpoint({
    method: 'get',
    path: '/master/commision/return-windows',
    tag: TAG,
    summary:
      'Return window per product category: every category with a rate or a window set, with its days (default ' +
      `${RETURN_WINDOW_DEFAULT_DAYS}). An order's commission is pending that many days after the order qualifies.`,
    auth: AUTH,
    answer: { description: 'The windows, by category', schema: ReturnWindowList },
  }),
  saveReturnWindow: defineEndpoint({
    method: 'post',
    path: '/master/commision/return-windows',
    tag: TAG,
    summary:
      'Sets the return window of one product category, 0 to 365 whole days; audited in Recent Activity. Applies to ' +
      'orders that qualify from then on; commission already held keeps its date.',
    auth: AUTH,
    body: SaveReturnWindowRequest,
    answer: { description: 'Saved (or already so: changed false)', schema: SaveReturnWindowResponse },
    otherAnswers: { 400: error('A missing or bad category or number of days, each with its message') },
  }),
};
