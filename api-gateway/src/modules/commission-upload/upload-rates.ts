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
import type { SessionUser } from '../../http/session';
import { HttpError } from '../../http/errors';
import { faultPoint } from '../../lib/fault-point';
import { recordAudit } from '../audit';
import { lockRatesExclusively, recomputeCommissionForRates } from '../commission';
import { readWorkbook, WorkbookRefusal } from './read-workbook';
import { rateRowsOf, refuseRows, RowsRefusal, type RateRow } from './rate-rows';
import { insertRates, insertUpload, knownAffiliateCodes } from './rate-store';
import { ContainerRefusal, inspectContainer } from './workbook-container';

/**
 * `master/commision/upload`, in a straight line: the file is checked before any parser sees it, its first
 * sheet read whole in a worker thread, every row checked, then one short transaction stores the rates, the
 * upload's record, the orders the new rates apply to and an audit row, or nothing.
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
  const rates = await rateRowsOf(await readWorkbook(file.buffer, inspectContainer(file.buffer)));
  return storeRates(ctx, rates, { fileName, uploadedBy: session.userId, at: ctx.now() });
}

/**
 * The upload's one transaction: the rates, the upload's record, the orders the new rates apply to and an
 * audit row, or nothing (a RowsRefusal naming the rows of unknown affiliates).
 */
export function storeRates(
  ctx: AppContext,
  rates: readonly RateRow[],
  upload: { fileName: string; uploadedBy: number; at: Date },
): Promise<CommissionUploadResponse> {
  const { fileName, uploadedBy, at } = upload;
  return ctx.db.transaction(async (tx) => {
    // Uploads queue here, and orders are never written meanwhile: each sees the other's rows (rates-lock.ts).
    await lockRatesExclusively(tx);
    const known = await knownAffiliateCodes(
      tx,
      rates.map((rate) => rate.affiliateCode),
    );
    const unknown: CommissionRowError[] = rates
      .filter((rate) => !known.has(rate.affiliateCode))
      .map((rate) => ({
        row: rate.row,
        column: COMMISSION_COLUMNS[0],
        reason: CommissionRowReasons.affiliateUnknown,
      }));
    if (unknown.length) refuseRows(unknown);
    const rowCount = rates.length;
    const uploadId = await insertUpload(tx, { fileName, uploadedBy, rowCount, at });
    await insertRates(tx, uploadId, rates, at);
    await faultPoint('commission.upload');
    const ordersRecomputed = await recomputeCommissionForRates(tx, rates, `rate upload ${uploadId}`);
    await recordAudit(tx, {
      actorUserId: uploadedBy,
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
  });
}
