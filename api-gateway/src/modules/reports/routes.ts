import { Messages, REPORT_PAGE_SIZE, ReportEndpoints, ReportMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { FileStore } from '../../storage/file-store';
import { AFFILIATE_REPORT_COLUMNS, auditFullNumberExport, streamAffiliateReport } from './affiliate-report';
import {
  COMMISSION_STATEMENT_COLUMNS,
  commissionStatementFileName,
  streamCommissionStatement,
} from './commission-statement';
import { setDownloadCookie } from './download-owner';
import { liveDownloadTokenOwner } from './download-tokens';
import { sendDownload } from './download-file';
import { ExportRunner } from './export-runner';
import {
  LOGIN_REPORT_COLUMNS,
  loginReportFileName,
  pageLoginReport,
  streamLoginReport,
} from './login-report';
import { businessDay } from '../../lib/business-time';
import { exactNumberSearch } from '../../lib/sealed-numbers';
import { forbidden, notFound } from '../../http/errors';

export function registerReportRoutes(api: ApiRouter, ctx: AppContext): void {
  const exportRunner = new ExportRunner(ctx);
  const store = new FileStore(ctx);

  api.route(ReportEndpoints.loginReportExport, async ({ query, session }) => {
    const filter = { fromDate: query.fromDate, toDate: query.toDate, search: query.search || undefined };
    return exportRunner.run(session.userId, {
      fileName: loginReportFileName(filter, ctx.now()),
      sheetName: 'Affiliate Login Report',
      columns: LOGIN_REPORT_COLUMNS,
      rows: streamLoginReport(ctx.db, filter),
    });
  });

  api.route(ReportEndpoints.loginReportRows, async ({ query }) => {
    const pageNo = query.page ?? 1;
    const pageSize = query.pageSize ?? REPORT_PAGE_SIZE;
    const filter = { fromDate: query.fromDate, toDate: query.toDate, search: query.search || undefined };
    return { ...(await pageLoginReport(ctx.db, filter, pageNo, pageSize)), pageNo, pageSize };
  });

  api.route(ReportEndpoints.affiliateExport, async ({ query, session }) => {
    const search = query.search || undefined;
    const filter = {
      status: query.status,
      search,
      numberHashes: exactNumberSearch(ctx.config.dataKeyring, search),
    };
    const fullNumbers = query.fullNumbers === true;
    const link = await exportRunner.run(session.userId, {
      fileName: `affiliates-${businessDay(ctx.now())}.xlsx`,
      sheetName: 'Affiliates',
      columns: AFFILIATE_REPORT_COLUMNS,
      rows: streamAffiliateReport(ctx.db, filter, { keyring: ctx.config.dataKeyring, fullNumbers }),
    });
    // Issue 29: the link is handed out only once the look is recorded on every affiliate in the file.
    if (fullNumbers) await auditFullNumberExport(ctx.db, filter, session.userId, ctx.now());
    return link;
  });

  // Only the caller's own orders: the affiliate comes from the session, never from the request.
  api.route(ReportEndpoints.commissionStatement, async ({ query, session }) => {
    const affiliateId = session.affiliateId;
    if (affiliateId === null) throw forbidden();
    const { rows } = await ctx.db.query<{ affiliate_code: string }>(
      'SELECT affiliate_code FROM affiliates WHERE affiliate_id = $1',
      [affiliateId],
    );
    if (!rows[0]) throw forbidden();
    return exportRunner.run(session.userId, {
      fileName: commissionStatementFileName(rows[0].affiliate_code, query.month),
      sheetName: `Commission ${query.month}`,
      columns: COMMISSION_STATEMENT_COLUMNS,
      rows: streamCommissionStatement(ctx.db, affiliateId, query.month),
    });
  });

  // Issue 48: the check does not use the link up (the download that follows does, atomically); it tells only
  // the owner that a live link is live, and leaves the cookie by which their browser's download is known.
  api.route(ReportEndpoints.checkDownloadToken, async ({ query, session }, req, res) => {
    const owner = await liveDownloadTokenOwner(ctx.db, query.token || undefined, ctx.now());
    if (owner === undefined) return { valid: false, message: Messages.invalidDownloadLink };
    if (owner !== session?.userId) throw notFound(Messages.invalidDownloadLink);
    setDownloadCookie(ctx, req, res, session);
    return { valid: true, message: ReportMessages.tokenValid };
  });

  api.route(ReportEndpoints.download, ({ query, session }, req, res) =>
    sendDownload(ctx, store, exportRunner, query.token || undefined, session, req, res),
  );
}
