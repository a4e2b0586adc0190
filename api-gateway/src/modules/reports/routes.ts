import { pipeline } from 'node:stream/promises';
import type { Right } from '@portal/contracts';
import {
  AffiliateReportQuery,
  DownloadTokenCheckResponse,
  DownloadTokenQuery,
  ErrorResponse,
  ExcelPathResponse,
  LoginReportPage,
  LoginReportQuery,
  LoginReportRowsQuery,
  Messages,
  REPORT_PAGE_SIZE,
  ReportMessages,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { HttpError, unauthorized } from '../../http/errors';
import { FileStore } from '../../storage/file-store';
import { AFFILIATE_REPORT_COLUMNS, streamAffiliateReport } from './affiliate-report';
import { consumeDownloadToken, isDownloadTokenValid } from './download-tokens';
import { ExportRunner } from './export-runner';
import {
  LOGIN_REPORT_COLUMNS,
  loginReportFileName,
  pageLoginReport,
  streamLoginReport,
} from './login-report';
import { businessDay } from '../dashboard/business-time';

/** Admin reports (`reports`) and back-office reports (`backoffice_reports`), spec §2. */
const REPORT_RIGHTS: readonly Right[] = ['reports', 'backoffice_reports'];
/** Download Excel on the affiliate list is the admin's alone (spec §2, §6). */
const AFFILIATE_EXPORT_RIGHTS: readonly Right[] = ['affiliates'];

const TAG = 'Reports';
const errors = {
  400: { description: 'Invalid filter', schema: ErrorResponse },
  401: { description: 'No or invalid session', schema: ErrorResponse },
  403: { description: 'Not allowed for this role', schema: ErrorResponse },
  429: { description: 'An export is already running', schema: ErrorResponse },
};

const invalidLink = () => new HttpError(410, Messages.invalidDownloadLink);

export function registerReportRoutes(api: ApiRouter, ctx: AppContext): void {
  const exports = new ExportRunner(ctx);
  const store = new FileStore(ctx);

  api.route(
    {
      method: 'get',
      path: '/report/loginhistory',
      tag: TAG,
      summary:
        'Affiliate Login Report as Excel: sign-in attempts on affiliate accounts between fromDate and toDate (yyyy-MM-dd, inclusive, Nigerian time), optionally matching search. Answers excelPath, a single-use link valid for 10 minutes.',
      auth: { anyRight: REPORT_RIGHTS },
      query: LoginReportQuery,
      responses: { 200: { description: 'The download link', schema: ExcelPathResponse }, ...errors },
    },
    async ({ query, session }) => {
      if (!session) throw unauthorized();
      const filter = { fromDate: query.fromDate, toDate: query.toDate, search: query.search || undefined };
      return exports.run(session.userId, {
        fileName: loginReportFileName(filter, ctx.now()),
        sheetName: 'Affiliate Login Report',
        columns: LOGIN_REPORT_COLUMNS,
        rows: streamLoginReport(ctx.db, filter),
      });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/report/loginhistory/rows',
      tag: TAG,
      summary:
        'Generate Report: the same filter as report/loginhistory, one page of rows (newest first) as { results, totalCount, pageNo, pageSize }; pageSize defaults to 25.',
      auth: { anyRight: REPORT_RIGHTS },
      query: LoginReportRowsQuery,
      responses: { 200: { description: 'One page of sign-in attempts', schema: LoginReportPage }, ...errors },
    },
    async ({ query }) => {
      const pageNo = query.page ?? 1;
      const pageSize = query.pageSize ?? REPORT_PAGE_SIZE;
      const filter = { fromDate: query.fromDate, toDate: query.toDate, search: query.search || undefined };
      return { ...(await pageLoginReport(ctx.db, filter, pageNo, pageSize)), pageNo, pageSize };
    },
  );

  api.route(
    {
      method: 'get',
      path: '/report/affiliate',
      tag: TAG,
      summary:
        "Admin's Download Excel of the affiliate list (optionally filtered by search and status as on screen). Back office is refused. Answers excelPath.",
      auth: { anyRight: AFFILIATE_EXPORT_RIGHTS },
      query: AffiliateReportQuery,
      responses: { 200: { description: 'The download link', schema: ExcelPathResponse }, ...errors },
    },
    async ({ query, session }) => {
      if (!session) throw unauthorized();
      const filter = { status: query.status, search: query.search || undefined };
      return exports.run(session.userId, {
        fileName: `affiliates-${businessDay(ctx.now())}.xlsx`,
        sheetName: 'Affiliates',
        columns: AFFILIATE_REPORT_COLUMNS,
        rows: streamAffiliateReport(ctx.db, filter),
      });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/report/check-download-token-valid',
      tag: TAG,
      summary:
        "Whether a download link's token still works (unused and unexpired), without using it: { valid, message }; message is 'Invalid or expired link.' when not.",
      auth: 'public',
      query: DownloadTokenQuery,
      responses: { 200: { description: 'The verdict', schema: DownloadTokenCheckResponse } },
    },
    async ({ query }) => {
      const valid = await isDownloadTokenValid(ctx.db, query.token || undefined, ctx.now());
      return { valid, message: valid ? ReportMessages.tokenValid : Messages.invalidDownloadLink };
    },
  );

  api.route(
    {
      method: 'get',
      path: '/report/download',
      tag: TAG,
      summary:
        "The file behind an excelPath. The token is the credential (browsers follow the link without a bearer header); it works once, within 10 minutes. 410 'Invalid or expired link.' otherwise.",
      auth: 'public',
      query: DownloadTokenQuery,
      responses: {
        200: {
          description: 'The spreadsheet',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
        410: { description: 'Invalid, used or expired token', schema: ErrorResponse },
      },
    },
    async ({ query }, _req, res) => {
      const fileId = await consumeDownloadToken(ctx.db, query.token || undefined, ctx.now());
      const file = fileId ? await store.find(ctx.db, { fileId }) : undefined;
      if (!file) throw invalidLink();
      const { rows } = await ctx.db.query<{ original_name: string | null }>(
        'SELECT original_name FROM stored_files WHERE file_id = $1',
        [file.fileId],
      );
      const name = (rows[0]?.original_name ?? 'report.xlsx').replace(/[^\w.-]/g, '_');
      const stream = store.openRead(file.storageKey);
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', () => reject(invalidLink()));
      });
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Length', String(file.sizeBytes));
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.setHeader('Cache-Control', 'no-store');
      // With Content-Length a client may close as soon as the last byte arrives, before the pipeline has
      // ended: the pipeline then reports a premature close, yet every byte was handed to the response.
      let bytesSent = 0;
      stream.on('data', (chunk: Buffer | string) => {
        bytesSent += chunk.length;
      });
      const delivered = await pipeline(stream, res).then(
        () => true,
        () => bytesSent === file.sizeBytes,
      );
      // The link worked once; the file has no further use. An interrupted download keeps it until the purge.
      if (delivered)
        await exports
          .remove(file)
          .catch((error: unknown) => ctx.logger.warn({ err: error }, 'export cleanup failed'));
    },
  );
}
