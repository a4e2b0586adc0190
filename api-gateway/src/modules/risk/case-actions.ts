import { type ConfirmRiskCaseResponse, type MessageResponse, RiskMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { deactivateForCase, withdrawCaseCommission, type Withdrawal } from './case-clawback';

type Closing = 'dismiss' | 'confirm';
const CLOSED_STATE: Record<Closing, 'dismissed' | 'confirmed'> = {
  dismiss: 'dismissed',
  confirm: 'confirmed',
};

/**
 * Dismisses or confirms an open case, in one statement guarded by `state = 'open'`: of two reviewers at once,
 * one closes it and the other is told it is closed (the second waits on the row, then finds it closed). The
 * note and the audit row (on the affiliate, so its history shows it) are written in the same transaction, and
 * so, for a confirmation, are the withdrawal of the case's commission and the deactivation: all or nothing.
 * Closing ends the hold (`affiliate_risk_hold`) the case made.
 */
async function closeCase(
  ctx: AppContext,
  session: SessionUser,
  caseId: number,
  action: Closing,
  text: string,
  deactivate = false,
): Promise<ConfirmRiskCaseResponse> {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    const state = CLOSED_STATE[action];
    const { rows } = await tx.query<{ affiliate_id: string | number; kind: string; severity: number }>(
      `UPDATE risk_cases SET state = $2, closed_at = $3, closed_by = $4, close_reason = $5, deactivated = $6
        WHERE case_id = $1 AND state = 'open' RETURNING affiliate_id, kind, severity`,
      [caseId, state, at, session.userId, text, action === 'confirm' && deactivate],
    );
    if (rows.length === 0) {
      const exists = await tx.query('SELECT 1 FROM risk_cases WHERE case_id = $1', [caseId]);
      throw exists.rows.length === 0
        ? notFound(RiskMessages.caseNotFound)
        : conflict(RiskMessages.caseClosed);
    }
    const affiliateId = Number(rows[0].affiliate_id);
    let withdrawn: Withdrawal = { orders: 0, amount: '0.00' };
    let deactivated = false;
    if (action === 'confirm') {
      withdrawn = await withdrawCaseCommission(tx, caseId, at);
      if (deactivate) deactivated = await deactivateForCase(tx, session, affiliateId, caseId, at);
    }
    await tx.query(
      'INSERT INTO risk_case_notes (case_id, author_id, action, body, created_at) VALUES ($1, $2, $3, $4, $5)',
      [caseId, session.userId, action, text, at],
    );
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: action === 'dismiss' ? 'risk.case_dismissed' : 'risk.case_confirmed',
      entityType: 'affiliate',
      entityId: affiliateId,
      fromStatus: 'open',
      toStatus: state,
      remark: text,
      details: {
        caseId,
        kind: rows[0].kind,
        severity: Number(rows[0].severity),
        ...(action === 'confirm'
          ? { withdrawnOrders: withdrawn.orders, withdrawnAmount: withdrawn.amount, deactivated }
          : {}),
      },
      at,
    });
    return {
      message: action === 'dismiss' ? RiskMessages.dismissed : RiskMessages.confirmed,
      withdrawnOrders: withdrawn.orders,
      withdrawnAmount: withdrawn.amount,
      deactivated,
    };
  });
}

/** Closes an open case as no abuse: the hold it made ends, nothing else moves. */
export async function dismissCase(
  ctx: AppContext,
  session: SessionUser,
  caseId: number,
  reason: string,
): Promise<MessageResponse> {
  const { message } = await closeCase(ctx, session, caseId, 'dismiss', reason);
  return { message };
}

/** Closes an open case as abuse: withdraws its orders' commission and, when asked, deactivates the affiliate. */
export function confirmCase(
  ctx: AppContext,
  session: SessionUser,
  caseId: number,
  note: string,
  deactivate = false,
): Promise<ConfirmRiskCaseResponse> {
  return closeCase(ctx, session, caseId, 'confirm', note, deactivate);
}

/** A note on a case, open or closed; audited on the affiliate. */
export function noteCase(
  ctx: AppContext,
  session: SessionUser,
  caseId: number,
  note: string,
): Promise<MessageResponse> {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    const { rows } = await tx.query<{ affiliate_id: string | number; kind: string }>(
      'SELECT affiliate_id, kind FROM risk_cases WHERE case_id = $1 FOR SHARE',
      [caseId],
    );
    if (rows.length === 0) throw notFound(RiskMessages.caseNotFound);
    await tx.query(
      "INSERT INTO risk_case_notes (case_id, author_id, action, body, created_at) VALUES ($1, $2, 'note', $3, $4)",
      [caseId, session.userId, note, at],
    );
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'risk.case_noted',
      entityType: 'affiliate',
      entityId: Number(rows[0].affiliate_id),
      remark: note,
      details: { caseId, kind: rows[0].kind },
      at,
    });
    return { message: RiskMessages.noted };
  });
}
