import type { ExcelPathResponse } from '@portal/contracts';
import { EXPORT_LIMIT, ReportMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { tooMany } from '../../http/errors';
import { takeCall, type CallLimit } from '../../lib/call-buckets';
import { faultPoint } from '../../lib/fault-point';
import { FileStore } from '../../storage/file-store';
import { removeUnrecordedFiles } from '../../storage/unrecorded-files';
import { downloadPath, issueDownloadToken } from './download-tokens';
import type { AnySheetJob, SheetColumn } from './xlsx-writer';
import { writeSheet, writeSheets } from './xlsx-writer';
import { exportsFinished, exportsRunning } from '../../metrics/gateway-metrics';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Exports are for one download within minutes; older ones are deleted when the next export starts. */
const EXPORT_RETENTION_MS = 60 * 60_000;
/** An export holds a database reader and a zip stream; a few at a time keep the gateway responsive. */
const MAX_CONCURRENT_EXPORTS = 2;
/** Belt and braces: a claim this old is taken over even if its gateway still looks alive. */
const STALE_CLAIM_MS = 15 * 60_000;
/** Exports per user on every gateway (each is a file kept an hour): EXPORT_LIMIT, counted in the database. */
const EXPORT_CALLS: CallLimit = {
  scope: 'export',
  calls: EXPORT_LIMIT.calls,
  perSeconds: EXPORT_LIMIT.perMinutes * 60,
};

export type ExportJob<Row> = {
  /** The name the browser saves it as, e.g. `affiliate-login-report-2025-01-01-to-2025-01-31.xlsx`. */
  fileName: string;
} & (
  | { sheetName: string; columns: readonly SheetColumn<Row>[]; rows: AsyncIterable<Row> }
  /** A workbook of several sheets (issue 29's My data). */
  | { sheets: readonly AnySheetJob[] }
);

/**
 * The users exporting now in this gateway, one set per app: every ExportRunner of the app (reports, My data,
 * bank file, remittance advice) counts against the same MAX_CONCURRENT_EXPORTS. Issue 48: each runner had its
 * own set, so four runners let eight exports run at once. Per gateway, not across gateways: the cap guards this
 * process's event loop and memory (zip streams); the one-per-user rule across gateways is export_runs.
 */
const runningByApp = new WeakMap<AppContext, Set<number>>();

function runningExports(ctx: AppContext): Set<number> {
  let running = runningByApp.get(ctx);
  if (!running) {
    running = new Set();
    runningByApp.set(ctx, running);
  }
  return running;
}

/**
 * Writes report spreadsheets to the file store, streaming from the database, and answers a single-use
 * download link. One export per user at a time on every gateway sharing the database (claimed in
 * export_runs), and a small number at a time per gateway (each holds a database reader and a zip stream).
 */
export class ExportRunner {
  private readonly store: FileStore;
  private readonly running: Set<number>;

  constructor(private readonly ctx: AppContext) {
    this.store = new FileStore(ctx);
    this.running = runningExports(ctx);
  }

  async run<Row>(userId: number, job: ExportJob<Row>): Promise<ExcelPathResponse> {
    if (this.running.has(userId) || this.running.size >= MAX_CONCURRENT_EXPORTS)
      throw tooMany(ReportMessages.exportBusy, 5);
    this.running.add(userId);
    let claim: Date | undefined;
    try {
      claim = await this.claim(userId);
      if (!claim) throw tooMany(ReportMessages.exportBusy, 5);
      const wait = await takeCall(this.ctx.db, EXPORT_CALLS, String(userId), this.ctx.now());
      if (wait) throw tooMany(ReportMessages.exportLimit, wait);
      return await this.write(job, userId);
    } finally {
      this.running.delete(userId);
      if (claim && this.ctx.db.driver !== 'pglite')
        await this.ctx.db
          .query('DELETE FROM export_runs WHERE user_id = $1 AND started_at = $2', [userId, claim])
          .catch((error: unknown) => this.ctx.logger.warn({ err: error }, 'export claim not released'));
    }
  }

  /** Issue 52: every export written is counted, and counted as running while it is. */
  private async write<Row>(job: ExportJob<Row>, userId: number): Promise<ExcelPathResponse> {
    exportsRunning.inc();
    let outcome: 'written' | 'failed' = 'failed';
    try {
      await this.purgeOldExports();
      const output = await this.store.createWriteStream({
        purpose: 'export',
        contentType: XLSX_TYPE,
        extension: 'xlsx',
        originalName: job.fileName,
        ownerUserId: userId,
      });
      try {
        const written =
          'sheets' in job
            ? writeSheets(output.stream, job.sheets)
            : writeSheet(output.stream, job.sheetName, job.columns, job.rows);
        await Promise.race([written, output.failed]);
        await faultPoint('export.written');
        const token = await this.ctx.db.transaction(async (tx) => {
          await output.finish(tx);
          return issueDownloadToken(tx, output.file.fileId, userId, this.ctx.now());
        });
        outcome = 'written';
        return { excelPath: downloadPath(token) };
      } catch (error) {
        await output.abort();
        throw error;
      }
    } finally {
      exportsRunning.dec();
      exportsFinished.inc({ outcome });
    }
  }

  /**
   * The user's export slot on every gateway, or undefined while another export of theirs runs. The claim
   * names this gateway's connections (application_name); a gateway that died mid-export has none left in
   * pg_stat_activity, so its claim is taken over at once rather than blocking the user for a quarter hour.
   * The embedded database has one process, whose `running` set is the claim.
   */
  private async claim(userId: number): Promise<Date | undefined> {
    const now = this.ctx.now();
    if (this.ctx.db.driver === 'pglite') return now;
    const { rows } = await this.ctx.db.query(
      `INSERT INTO export_runs (user_id, started_at, owner) VALUES ($1, $2, $4)
       ON CONFLICT (user_id) DO UPDATE SET started_at = EXCLUDED.started_at, owner = EXCLUDED.owner
        WHERE export_runs.started_at < $3
           OR NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = export_runs.owner)
       RETURNING user_id`,
      [userId, now, new Date(now.getTime() - STALE_CLAIM_MS), this.ctx.db.instanceName ?? null],
    );
    return rows.length ? now : undefined;
  }

  /** Removes an export's tokens, row and bytes. */
  async remove(file: { fileId: string; storageKey: string }): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await tx.query('DELETE FROM download_tokens WHERE file_id = $1', [file.fileId]);
      await this.store.remove(tx, file);
    });
  }

  private async purgeOldExports(): Promise<void> {
    const { rows } = await this.ctx.db.query<{ file_id: string; storage_key: string }>(
      `SELECT file_id, storage_key FROM stored_files WHERE purpose = 'export' AND created_at < $1 LIMIT 100`,
      [new Date(this.ctx.now().getTime() - EXPORT_RETENTION_MS)],
    );
    for (const row of rows) await this.remove({ fileId: row.file_id, storageKey: row.storage_key });
    // Bytes of exports a process died writing: on disk (embedded database) and in the database (PostgreSQL).
    const longAgo = new Date(this.ctx.now().getTime() - EXPORT_RETENTION_MS);
    await removeUnrecordedFiles(this.ctx, 'export', longAgo);
    await this.store.sweepOrphans(longAgo);
  }
}

/** Another process on the same disk may be writing an export right now; one written to this long ago is not. */
const EXPORT_WRITE_GRACE_MS = 60_000;

/**
 * At start: removes the files of exports interrupted by a crash (bytes written, no row, no link). On the
 * embedded database this process is the only one on its data, so everything written before it started is
 * an orphan; on PostgreSQL other gateways may share the disk, so only files idle for a minute go.
 */
export async function sweepInterruptedExports(ctx: AppContext): Promise<number> {
  const startedAt = Date.now() - process.uptime() * 1000;
  const before = ctx.db.driver === 'pglite' ? startedAt : startedAt - EXPORT_WRITE_GRACE_MS;
  const removed = await removeUnrecordedFiles(ctx, 'export', new Date(before));
  if (removed.length) ctx.logger.info({ files: removed.length }, 'interrupted exports removed');
  return removed.length;
}
