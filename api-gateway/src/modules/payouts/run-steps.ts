import {
  PayoutMessages,
  type ApprovePayoutRunRequest,
  type MessageResponse,
  type PayoutRunResponse,
  type RejectPayoutRunRequest,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import { conflict, forbidden } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { bringDraftUpToDate, deleteDraft, holdEntries } from './draft-lines';
import { railOf } from './rails/registry';
import { countLinesUnderRiskReview, lineUnderRiskReview } from './risk-holds';
import { hasPendingLine, lineAffiliateOf, loadLine, loadRun, lockRun } from './run-queries';
import {
  approveSubmittedRun,
  completeRunIfSettled,
  excludePendingLine,
  includeExcludedLine,
  rejectSubmittedRun,
  startExecutingRun,
  submitDraftRun,
} from './status-moves';

// The steps of a run after its creation (create-run.ts), each in one transaction behind the run's lock: the
// checks and the audit row here, the statements in draft-lines.ts and status-moves.ts.

export async function excludeLine(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  lineId: number,
  reason: string,
) {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    const now = ctx.now();
    await lineAffiliateOf(tx, runId, lineId);
    // A draft's pending lines, or (issue 49) a line under risk review in a run not yet paid: the admin's way to
    // keep the money of a case opened after the draft.
    if (run.status !== 'draft' && !(await lineUnderRiskReview(tx, runId, lineId)))
      throw conflict(PayoutMessages.lineNotHeld);
    if (!(await excludePendingLine(tx, runId, lineId, reason, now)))
      throw conflict(PayoutMessages.lineNotPending);
    if (run.status === 'executing') await completeRunIfSettled(tx, runId, now);
    const line = await loadLine(ctx, tx, runId, lineId);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.line.exclude',
      entityType: 'payout_line',
      entityId: lineId,
      fromStatus: 'pending',
      toStatus: 'excluded',
      remark: reason,
      details: { runId, affiliateCode: line.affiliateCode, gross: line.gross },
      at: now,
    });
    return { message: PayoutMessages.lineExcluded, line, run: await loadRun(tx, runId, session.userId) };
  });
}

/** Issue 51: an excluded line of a draft is included again; the draft's submission restates it as any other. */
export async function includeLine(ctx: AppContext, session: SessionUser, runId: number, lineId: number) {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    const now = ctx.now();
    await lineAffiliateOf(tx, runId, lineId);
    if (run.status !== 'draft') throw conflict(PayoutMessages.notDraft);
    if (!(await includeExcludedLine(tx, runId, lineId, now))) throw conflict(PayoutMessages.lineNotExcluded);
    const line = await loadLine(ctx, tx, runId, lineId);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.line.include',
      entityType: 'payout_line',
      entityId: lineId,
      fromStatus: 'excluded',
      toStatus: 'pending',
      details: { runId, affiliateCode: line.affiliateCode, gross: line.gross },
      at: now,
    });
    return { message: PayoutMessages.lineIncluded, line, run: await loadRun(tx, runId, session.userId) };
  });
}

export async function submitRun(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
): Promise<PayoutRunResponse> {
  const submitted = await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.createdBy !== session.userId) throw forbidden(PayoutMessages.onlyCreatorSubmits);
    if (run.status !== 'draft') throw conflict(PayoutMessages.notDraft);
    const now = ctx.now();
    // The draft's lines were just written (tens of thousands at scale) and the last run's entries may be unseen
    // by the statistics: planned as one row, the lines' join with the sums ran each sum once per line (over 8
    // minutes at 31k lines; bench/payout-run.bench.ts). ANALYZE samples a bounded number of rows.
    await tx.query('ANALYZE payout_lines, payout_line_entries');
    const changed = await bringDraftUpToDate(ctx, tx, runId, now);
    if (!(await hasPendingLine(tx, runId))) throw conflict(PayoutMessages.nothingToPay);
    await submitDraftRun(tx, runId, now);
    await holdEntries(tx, runId);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.submit',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'draft',
      toStatus: 'submitted',
      details: { linesChangedSinceDraft: changed },
      at: now,
    });
    return {
      message: changed ? PayoutMessages.submittedWithChanges(changed) : PayoutMessages.submitted,
      run: await loadRun(tx, runId, session.userId),
    };
  });
  // A submission adds a row per entry it pays (hundreds of thousands at scale): without fresh statistics the
  // lines' status cascade onto them was planned for an empty table, and the first reject of a 31k-line run ran
  // past 5 minutes (bench/payout-run.bench.ts). Best effort: the run is already submitted.
  await ctx.db.query('ANALYZE payout_line_entries, payout_lines').catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'could not analyse the payout tables after a submission');
  });
  return submitted;
}

/**
 * A draft is discarded by any admin with the right (its creator, or another when the creator is away: one open
 * run at a time, so a forgotten draft would block every run). It holds no entries, so its lines and the run go;
 * Recent Activity keeps the audit row.
 */
export async function discardRun(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
): Promise<MessageResponse> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.status !== 'draft') throw conflict(PayoutMessages.notDraft);
    const now = ctx.now();
    const lines = await deleteDraft(tx, runId);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.discard',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'draft',
      details: { lines },
      at: now,
    });
    return { message: PayoutMessages.discarded(runId) };
  });
}

/**
 * Four eyes: another admin than the creator decides a submitted run, by one conditional UPDATE (status
 * 'submitted' and created_by <> the decider; the CHECK decided_by <> created_by holds it in SQL too), so two
 * decisions at once give one. The run's rail says where approval leads: a rail that pays at once starts
 * (pending lines -> processing, run -> executing: the bank file is then theirs to download); one paid on
 * request waits for Pay now.
 */
export async function approveRun(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  body: ApprovePayoutRunRequest,
): Promise<PayoutRunResponse> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.createdBy === session.userId) throw forbidden(PayoutMessages.creatorCannotApprove);
    if (run.status === 'submitted' && !(await hasPendingLine(tx, runId)))
      throw conflict(PayoutMessages.nothingToPay);
    if (run.status === 'submitted') {
      const held = await countLinesUnderRiskReview(tx, runId);
      if (held > 0) throw conflict(PayoutMessages.heldLinesUndecided(held));
    }
    const now = ctx.now();
    const rail = railOf(run.provider);
    const to = rail.statusOnApproval;
    const remark = body.remark || null;
    if (!(await approveSubmittedRun(tx, runId, { to, by: session.userId, remark, at: now })))
      throw conflict(PayoutMessages.notSubmitted);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.approve',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'submitted',
      toStatus: to,
      remark,
      details: { provider: run.provider },
      at: now,
    });
    return { message: rail.approvedMessage, run: await loadRun(tx, runId, session.userId) };
  });
}

export async function rejectRun(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  body: RejectPayoutRunRequest,
): Promise<PayoutRunResponse> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.createdBy === session.userId) throw forbidden(PayoutMessages.creatorCannotReject);
    const now = ctx.now();
    if (!(await rejectSubmittedRun(tx, runId, { by: session.userId, remark: body.remark, at: now })))
      throw conflict(PayoutMessages.notSubmitted);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.reject',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'submitted',
      toStatus: 'rejected',
      remark: body.remark,
      at: now,
    });
    return { message: PayoutMessages.rejected, run: await loadRun(tx, runId, session.userId) };
  });
}

/**
 * Pay now (a rail paid on request): approved -> executing by one conditional UPDATE, so of two admins pressing
 * it at once one wins and the other gets 409. The rail's payout job then sends the transfers.
 */
export async function executeRun(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
): Promise<PayoutRunResponse> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!railOf(run.provider).paidOnRequest) throw conflict(PayoutMessages.notPaystack);
    const now = ctx.now();
    if (!(await startExecutingRun(tx, runId, run.provider, session.userId, now)))
      throw conflict(PayoutMessages.notApproved);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.execute',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'approved',
      toStatus: 'executing',
      at: now,
    });
    return { message: PayoutMessages.executing, run: await loadRun(tx, runId, session.userId) };
  });
}
