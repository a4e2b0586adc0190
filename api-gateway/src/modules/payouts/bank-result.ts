import type { Request } from 'express';
import {
  PayoutMessages,
  type PayoutLineResponse,
  type PayoutResultProblem,
  type PayoutResultResponse,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { conflict, forbidden, HttpError } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { faultPoint } from '../../lib/fault-point';
import { recordAudit } from '../audit';
import { verifyAccountByPaidLine } from '../bank-verification';
import { readResultFile } from './bank-result-file';
import { railOf } from './rails/registry';
import { loadLine, loadRun, lockRun } from './run-queries';
import { completeRunIfSettled, markLineFailed, markLinePaid, type LineMove } from './status-moves';

/**
 * The bank's result of a bank-file run being paid, recorded by another admin than the run's creator (four eyes,
 * issue 48; migration 079 refuses it in SQL too). A line paid verifies the account it paid; a paid line is
 * final: a later 'failed' for it is refused, listed and audited, and never returns its money.
 */
async function lockRunForResult(tx: Sql, runId: number, session: SessionUser, lineId?: number) {
  const run: Awaited<ReturnType<typeof lockRun>> & { lineStatus?: string } = await lockRun(tx, runId);
  if (lineId !== undefined) {
    const { rows } = await tx.query<{ status: string }>(
      'SELECT status FROM payout_lines WHERE payout_line_id = $1 AND payout_run_id = $2',
      [lineId, runId],
    );
    if (!rows[0]) throw new HttpError(404, PayoutMessages.lineNotFound);
    run.lineStatus = rows[0].status;
  }
  if (!railOf(run.provider).takesBankResult) throw conflict(PayoutMessages.notBankFile);
  if (run.status !== 'executing') throw conflict(PayoutMessages.notExecuting);
  if (run.createdBy === session.userId) throw forbidden(PayoutMessages.creatorCannotRecordResult);
  return run;
}

/** One line's move by the result; a paid one verifies its account. Null when the line was not waiting. */
async function recordLineResult(
  ctx: AppContext,
  tx: Sql,
  lineId: number,
  status: 'paid' | 'failed',
  change: LineMove & { resultBy: number },
) {
  const moved =
    status === 'paid' ? await markLinePaid(tx, lineId, change) : await markLineFailed(tx, lineId, change);
  if (moved && status === 'paid') await verifyAccountByPaidLine(ctx, tx, lineId, change.resultBy, change.at);
  return moved;
}

/** A 'failed' reported for a line already paid: refused (the line stays paid), and audited on the line. */
async function auditFailedAfterPaid(tx: Sql, session: SessionUser, runId: number, lineId: number, at: Date) {
  await recordAudit(tx, {
    actorUserId: session.userId,
    action: 'payout.line.failed_after_paid',
    entityType: 'payout_line',
    entityId: lineId,
    fromStatus: 'paid',
    remark: 'Reported failed after it was reported paid: refused, the line stays paid',
    details: { runId },
    at,
  });
}

/**
 * The bank's result applied in one transaction: each row's line (matched by reference, in this run) moves
 * processing -> paid (with its notice) or failed (its commission available again); a row repeating what the
 * line already says is unchanged; every other row is listed as a problem and changes nothing. Then the run
 * completes if no line waits. All or nothing: an error anywhere leaves every line as it was.
 */
export async function applyBankResult(
  ctx: AppContext,
  req: Request,
  session: SessionUser,
  runId: number,
): Promise<PayoutResultResponse> {
  // What needs no file is answered before the file is read (the run, its status, four eyes): a creator is told
  // so at once, even while the sheet worker is busy. The same checks run again under the lock below.
  await ctx.db.transaction((tx) => lockRunForResult(tx, runId, session));
  const rows = await readResultFile(req);
  const fileName = (req.file?.originalname ?? '').trim().slice(0, 200);
  return ctx.db.transaction(async (tx) => {
    await lockRunForResult(tx, runId, session);
    const now = ctx.now();
    const lines = await linesByReference(tx, runId);
    const problems: PayoutResultProblem[] = [];
    const seen = new Set<string>();
    let paid = 0;
    let failed = 0;
    let unchanged = 0;
    let verified = 0;
    for (const row of rows) {
      const reference = row.reference.toLowerCase();
      const problem = (reason: string) =>
        problems.push({ row: row.row, reference: row.reference || null, reason });
      if (row.status !== 'paid' && row.status !== 'failed') {
        problem(PayoutMessages.resultBadStatus);
        continue;
      }
      const line = lines.get(reference);
      if (!line) {
        problem(PayoutMessages.resultUnknownReference);
        continue;
      }
      if (seen.has(reference)) {
        problem(PayoutMessages.resultDuplicate);
        continue;
      }
      seen.add(reference);
      if (row.status === 'failed' && !row.reason) {
        problem(PayoutMessages.resultReasonRequired);
        continue;
      }
      if (line.status === row.status) {
        unchanged++;
        continue;
      }
      const change = { reason: row.reason || null, at: now, resultBy: session.userId };
      const before = line.status;
      const moved = await recordLineResult(ctx, tx, line.id, row.status, change);
      if (!moved) {
        if (before === 'paid') await auditFailedAfterPaid(tx, session, runId, line.id, now);
        problem(PayoutMessages.resultLineClosed(before));
        continue;
      }
      line.status = row.status;
      if (row.status === 'paid') paid++;
      else failed++;
    }
    await faultPoint('payout.bank-result');
    verified = await countVerifiedBy(tx, runId, now);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.result',
      entityType: 'payout_run',
      entityId: runId,
      details: { fileName, paid, failed, unchanged, problems: problems.length, accountsVerified: verified },
      at: now,
    });
    await completeRunIfSettled(tx, runId, now);
    return {
      message: PayoutMessages.resultApplied(paid, failed, problems.length),
      paid,
      failed,
      unchanged,
      problems: problems.slice(0, 500),
      run: await loadRun(tx, runId, session.userId),
    };
  });
}

/** Accounts this result verified (paid lines of the run whose verification is of this instant). */
async function countVerifiedBy(tx: Sql, runId: number, at: Date): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bank_account_verifications v
       JOIN payout_lines l ON l.payout_line_id = v.payout_line_id
      WHERE l.payout_run_id = $1 AND v.method = 'paid-line' AND v.entered_at = $2`,
    [runId, at],
  );
  return rows[0].n;
}

async function linesByReference(
  tx: Sql,
  runId: number,
): Promise<Map<string, { id: number; status: string }>> {
  const { rows } = await tx.query<{ payout_line_id: string; reference: string; status: string }>(
    `SELECT payout_line_id::text, reference, status FROM payout_lines
      WHERE payout_run_id = $1 AND reference IS NOT NULL`,
    [runId],
  );
  return new Map(rows.map((row) => [row.reference, { id: Number(row.payout_line_id), status: row.status }]));
}

/** A line of an executing bank-file run marked paid or failed by hand, with the admin's reason; audited. */
export async function markLineByHand(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  lineId: number,
  body: { status: 'paid' | 'failed'; reason: string },
): Promise<PayoutLineResponse> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const run = await lockRunForResult(tx, runId, session, lineId);
    const from = run.lineStatus ?? '';
    const now = ctx.now();
    const change = { reason: body.reason, at: now, resultBy: session.userId };
    const moved = await recordLineResult(ctx, tx, lineId, body.status, change);
    if (!moved) return { refused: from };
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.line.mark',
      entityType: 'payout_line',
      entityId: lineId,
      fromStatus: from,
      toStatus: body.status,
      remark: body.reason,
      details: { runId },
      at: now,
    });
    await completeRunIfSettled(tx, runId, now);
    return {
      answer: {
        message: body.status === 'paid' ? PayoutMessages.lineMarkedPaid : PayoutMessages.lineMarkedFailed,
        line: await loadLine(ctx, tx, runId, lineId),
        run: await loadRun(tx, runId, session.userId),
      },
    };
  });
  if (outcome.answer) return outcome.answer;
  // Refused: nothing moved. A 'failed' for a paid line is kept in the line's history all the same.
  if (outcome.refused === 'paid' && body.status === 'failed')
    await auditFailedAfterPaid(ctx.db, session, runId, lineId, ctx.now());
  throw conflict(PayoutMessages.lineNotOpen);
}
