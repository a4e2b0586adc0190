import { pipeline } from 'node:stream/promises';
import { Messages, REPORT_PAGE_SIZE, ReportEndpoints, ReportMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { HttpError } from '../../http/errors';
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
import { businessDay } from '../../lib/business-time';

const invalidLink = () => new HttpError(410, Messages.invalidDownloadLink);

export function registerReportRoutes(api: ApiRouter, ctx: AppContext): void {
  const exports = new ExportRunner(ctx);
  const store = new FileStore(ctx);

  api.route(ReportEndpoints.loginReportExport, async ({ query, session }) => {
    const filter = { fromDate: query.fromDate, toDate: query.toDate, search: query.search || undefined };
    return exports.run(session.userId, {
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
    const filter = { status: query.status, search: query.search || undefined };
    return exports.run(session.userId, {
      fileName: `affiliates-${businessDay(ctx.now())}.xlsx`,
      sheetName: 'Affiliates',
      columns: AFFILIATE_REPORT_COLUMNS,
      rows: streamAffiliateReport(ctx.db, filter),
    });
  });

  api.route(ReportEndpoints.checkDownloadToken, async ({ query }) => {
    const valid = await isDownloadTokenValid(ctx.db, query.token || undefined, ctx.now());
    return { valid, message: valid ? ReportMessages.tokenValid : Messages.invalidDownloadLink };
  });

  api.route(ReportEndpoints.download, async ({ query }, _req, res) => {
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
  });
}
