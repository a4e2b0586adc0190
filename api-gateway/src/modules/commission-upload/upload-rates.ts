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
import { recomputeCommissionForRates } from '../commission';
import { readWorkbook, WorkbookRefusal } from './read-workbook';
import { refuseRows, RowsRefusal, toRateRows, type RateRow } from './rate-rows';
import { insertUpload, knownAffiliateCodes, storeRates } from './rate-store';
import { ContainerRefusal, inspectContainer } from './workbook-container';

/**
 * `master/commision/upload`: checks the file before any parser sees it, reads it in a worker thread,
 * validates every row again here, then stores the whole file in one transaction (rates, the upload's
 * record, the orders the new rates apply to, an audit row) or nothing.
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
  const rates = toRateRows(await readWorkbook(file.buffer, container));

  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // In the transaction, the affiliates found locked until it ends: an unknown code refuses the file (and
    // rolls back), a known one cannot disappear before the rates naming it are committed.
    await refuseUnknownAffiliates(tx, rates);
    const uploadId = await insertUpload(tx, {
      fileName,
      uploadedBy: session.userId,
      rowCount: rates.length,
      at,
    });
    await storeRates(tx, uploadId, rates, at, ctx.db.driver);
    await faultPoint('commission.upload');
    const ordersRecomputed = await recomputeCommissionForRates(tx, rates);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'commission.upload',
      entityType: 'commission_upload',
      entityId: uploadId,
      details: { fileName, rowCount: rates.length, ordersRecomputed },
      at,
    });
    return {
      success: true as const,
      message: CommissionUploadMessages.uploaded(rates.length),
      uploadId,
      rowCount: rates.length,
      ordersRecomputed,
    };
  });
}

async function refuseUnknownAffiliates(sql: Sql, rates: readonly RateRow[]): Promise<void> {
  const known = await knownAffiliateCodes(
    sql,
    rates.map((rate) => rate.affiliateCode),
    { lock: true },
  );
  const errors: CommissionRowError[] = rates
    .filter((rate) => !known.has(rate.affiliateCode))
    .map((rate) => ({
      row: rate.row,
      column: COMMISSION_COLUMNS[0],
      reason: CommissionRowReasons.affiliateUnknown,
    }));
  if (errors.length) refuseRows(errors);
}
