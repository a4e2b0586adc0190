import type { Request, Response } from 'express';
import {
  COMMISSION_COLUMNS,
  CommissionRowReasons,
  CommissionUploadMessages,
  isExcelFileName,
  type CommissionRowError,
  type CommissionUploadRefusal,
  type CommissionUploadResponse,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../../http/session';
import { HttpError } from '../../http/errors';
import { faultPoint } from '../../lib/fault-point';
import { recordAudit } from '../audit';
import { lockRatesExclusively, recomputeCommissionForRates } from '../commission';
import { readWorkbookRanges, WorkbookRefusal, type SheetEvent, type SheetReading } from './read-workbook';
import { RateRowChecker, refuseRows, RowsRefusal, type RateColumns } from './rate-rows';
import { insertUpload, knownAffiliateCodes, RateWriter, setUploadRowCount } from './rate-store';
import { ContainerRefusal, inspectContainer } from './workbook-container';

/**
 * `master/commision/upload`: checks the file before any parser sees it, reads it in a worker thread range of
 * rows after range, validates every row again here and stores each range while the next is read, all in one
 * transaction (rates, the upload's record, the orders the new rates apply to, an audit row) or nothing.
 */
export async function uploadRates(ctx: AppContext, req: Request, res: Response, session: SessionUser) {
  try {
    return await acceptFile(ctx, req, session);
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    const body: CommissionUploadRefusal = {
      success: false,
      message: refusal.message,
      errors: refusal.errors,
    };
    res.status(refusal.status).json(body);
    return undefined;
  }
}

function asRefusal(
  error: unknown,
): { status: number; message: string; errors: CommissionRowError[] } | undefined {
  if (error instanceof RowsRefusal) return { status: 400, message: error.message, errors: error.errors };
  if (error instanceof WorkbookRefusal || error instanceof ContainerRefusal || error instanceof HttpError)
    return { status: error.status, message: error.message, errors: [] };
  return undefined;
}

async function acceptFile(
  ctx: AppContext,
  req: Request,
  session: SessionUser,
): Promise<CommissionUploadResponse> {
  const file = req.file;
  if (!file) throw new HttpError(400, CommissionUploadMessages.fileRequired);
  const fileName = file.originalname.trim().slice(0, 200);
  if (!isExcelFileName(fileName)) throw new HttpError(415, CommissionUploadMessages.invalidType);
  const container = inspectContainer(file.buffer);
  const reading = readWorkbookRanges(file.buffer, container);
  try {
    // The transaction (on PGlite, the embedded database's one connection) begins with the first range.
    const first = await reading.next();
    const at = ctx.now();
    const checker = new RateRowChecker();
    try {
      return await ctx.db.transaction((tx) =>
        storeUpload(ctx, tx, reading, first, checker, { fileName, session, at }),
      );
    } catch (error) {
      if (!(error instanceof BadRowFound)) throw error;
    }
    // A bad row: the transaction is rolled back and the rest only checked, outside it, for the full list.
    let event = await reading.next();
    for (; !event.done; event = await reading.next()) checker.add(event.range, event.date1904);
    checker.finish(event.rowCount);
    throw new Error('a bad row was found, yet the file was not refused');
  } finally {
    reading.close();
  }
}

/** Thrown out of the upload's transaction (rolling it back) once a row is bad: nothing more is stored. */
class BadRowFound extends Error {}

/**
 * Each range is checked, its affiliates looked up and locked, and its rates stored while the worker reads
 * the next; at the first bad row the transaction is rolled back (BadRowFound) and the caller checks the rest,
 * so the refusal names the same rows as a whole read. An unknown affiliate stops the storing but not the
 * lookups (every unknown code is listed). Then the orders, the audit row, the commit.
 */
async function storeUpload(
  ctx: AppContext,
  tx: Sql,
  reading: SheetReading,
  first: SheetEvent,
  checker: RateRowChecker,
  upload: { fileName: string; session: SessionUser; at: Date },
): Promise<CommissionUploadResponse> {
  await lockRatesExclusively(tx);
  const { fileName, session, at } = upload;
  const affiliates = new AffiliateCheck(tx);
  let uploadId: number | undefined;
  let writer: RateWriter | undefined;
  let event = first;
  while (!event.done) {
    const good = checker.add(event.range, event.date1904);
    if (checker.failed) throw new BadRowFound();
    await affiliates.check(good);
    if (!affiliates.failed) {
      if (uploadId === undefined) {
        uploadId = await insertUpload(tx, { fileName, uploadedBy: session.userId, rowCount: 0, at });
        writer = new RateWriter(tx, uploadId, at, ctx.db.driver);
      }
      await writer!.add(good);
      // The last ranges come in quick succession: stored as they come, little is left after the worker's end.
      if (event.ending) await writer!.flush();
    }
    event = await reading.next();
  }
  checker.finish(event.rowCount);
  affiliates.finish();
  if (uploadId === undefined) throw new RowsRefusal(CommissionUploadMessages.noRows);
  await writer!.flush();
  const rowCount = checker.count;
  await setUploadRowCount(tx, uploadId, rowCount);
  await faultPoint('commission.upload');
  const ordersRecomputed = await recomputeCommissionForRates(tx, checker.earliestRates());
  await recordAudit(tx, {
    actorUserId: session.userId,
    action: 'commission.upload',
    entityType: 'commission_upload',
    entityId: uploadId,
    details: { fileName, rowCount, ordersRecomputed },
    at,
  });
  return {
    success: true as const,
    message: CommissionUploadMessages.uploaded(rowCount),
    uploadId,
    rowCount,
    ordersRecomputed,
  };
}

/**
 * The affiliate codes of the rates, looked up range by range (each code once) inside the upload's
 * transaction, the affiliates found locked until it ends: an unknown code refuses the file (and rolls back),
 * a known one cannot disappear before the rates naming it are committed.
 */
class AffiliateCheck {
  private readonly lookedUp = new Set<string>();
  private readonly known = new Set<string>();
  private readonly errors: CommissionRowError[] = [];

  constructor(private readonly sql: Sql) {}

  get failed(): boolean {
    return this.errors.length > 0;
  }

  async check(rates: RateColumns): Promise<void> {
    const codes = rates.affiliateCodes;
    const fresh: string[] = [];
    for (const code of codes) {
      if (this.lookedUp.has(code)) continue;
      this.lookedUp.add(code);
      fresh.push(code);
    }
    if (fresh.length)
      for (const code of await knownAffiliateCodes(this.sql, fresh, { lock: true })) this.known.add(code);
    for (let i = 0; i < codes.length; i++)
      if (!this.known.has(codes[i]))
        this.errors.push({
          row: rates.rows[i],
          column: COMMISSION_COLUMNS[0],
          reason: CommissionRowReasons.affiliateUnknown,
        });
  }

  finish(): void {
    if (this.errors.length) refuseRows(this.errors);
  }
}
