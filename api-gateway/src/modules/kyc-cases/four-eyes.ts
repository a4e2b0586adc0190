import type { KycApprovalRequest, KycApprovalRisk } from '@portal/contracts';
import { BANK_NAME_MATCH_THRESHOLD, KycPartMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { conflict } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { authorityCheckInUse, authorityCheckOutcome } from './authority-check';

/** What makes approving this affiliate need a second reviewer now; empty: one reviewer approves. */
export async function approvalRisks(
  ctx: AppContext,
  sql: Sql,
  affiliateId: number,
): Promise<KycApprovalRisk[]> {
  const { rows } = await sql.query<{ low: boolean }>(
    `SELECT coalesce(bank_name_match_score < ${BANK_NAME_MATCH_THRESHOLD}, false) AS low
       FROM affiliates WHERE affiliate_id = $1`,
    [affiliateId],
  );
  const risks: KycApprovalRisk[] = [];
  if (rows[0]?.low) risks.push('lowNameMatch');
  const authority = await authorityCheckOutcome(ctx, sql, affiliateId);
  if (authority === 'failed') risks.push('authorityFailed');
  else if (authority === 'not-run' && authorityCheckInUse(ctx)) risks.push('authorityNotRun');
  return risks;
}

export type ApprovalGate =
  | { kind: 'approve'; confirmedRequestOf?: number }
  | { kind: 'requested'; reasons: KycApprovalRisk[] };

/**
 * Inside the approval's transaction, under the affiliate's row lock: an approval waiting for its second reviewer is
 * confirmed by anyone but the one who asked (kyc_approval_requests_second_is_not_first holds it too); a risky case
 * without one gets one, and the case is freed for the second reviewer. Only 'approve' lets the status change.
 */
export async function approvalGate(
  ctx: AppContext,
  tx: Sql,
  actor: SessionUser,
  affiliateId: number,
  remark: string | undefined,
  now: Date,
): Promise<ApprovalGate> {
  const waiting = await tx.query<{ request_id: number; requested_by: number }>(
    `SELECT request_id, requested_by FROM kyc_approval_requests
      WHERE affiliate_id = $1 AND status = 'awaiting-second' FOR UPDATE`,
    [affiliateId],
  );
  if (waiting.rows.length === 1) {
    const requestedBy = Number(waiting.rows[0].requested_by);
    if (requestedBy === actor.userId) throw conflict(KycPartMessages.ownApproval);
    await tx.query(
      `UPDATE kyc_approval_requests SET status = 'confirmed', closed_by = $2, closed_at = $3 WHERE request_id = $1`,
      [waiting.rows[0].request_id, actor.userId, now],
    );
    return { kind: 'approve', confirmedRequestOf: requestedBy };
  }
  const reasons = await approvalRisks(ctx, tx, affiliateId);
  if (reasons.length === 0) return { kind: 'approve' };
  await tx.query(
    `INSERT INTO kyc_approval_requests (affiliate_id, requested_by, requested_at, remark, reasons, status)
     VALUES ($1, $2, $3, $4, $5, 'awaiting-second')`,
    [affiliateId, actor.userId, now, remark ?? null, reasons],
  );
  // The first reviewer's work is done: the case goes back to the queue for a second one.
  await tx.query(
    `UPDATE kyc_cases SET reviewer_user_id = NULL, claimed_at = NULL, last_active_at = NULL WHERE affiliate_id = $1`,
    [affiliateId],
  );
  await recordAudit(tx, {
    actorUserId: actor.userId,
    action: 'kyc.approval-requested',
    entityType: 'affiliate',
    entityId: affiliateId,
    remark: remark ?? null,
    details: { reasons },
    at: now,
  });
  return { kind: 'requested', reasons };
}

/** A rejection (whole or of parts) ends an approval waiting for its second reviewer. */
export async function closeWaitingApproval(tx: Sql, affiliateId: number, actor: SessionUser, now: Date) {
  await tx.query(
    `UPDATE kyc_approval_requests SET status = 'closed', closed_by = $2, closed_at = $3
      WHERE affiliate_id = $1 AND status = 'awaiting-second'`,
    [affiliateId, actor.userId, now],
  );
}

export async function waitingApproval(
  sql: Sql,
  affiliateId: number,
  callerUserId: number,
): Promise<KycApprovalRequest | null> {
  const { rows } = await sql.query<{
    requestedByID: number;
    requestedByName: string;
    requestedAt: Date;
    remark: string | null;
    reasons: KycApprovalRisk[];
  }>(
    `SELECT r.requested_by AS "requestedByID", u.full_name AS "requestedByName", r.requested_at AS "requestedAt",
            r.remark, r.reasons
       FROM kyc_approval_requests r JOIN users u ON u.user_id = r.requested_by
      WHERE r.affiliate_id = $1 AND r.status = 'awaiting-second'`,
    [affiliateId],
  );
  if (rows.length === 0) return null;
  const { requestedAt, ...row } = rows[0];
  const requestedByID = Number(row.requestedByID);
  return {
    ...row,
    requestedByID,
    requestedOn: requestedAt.toISOString(),
    requestedByYou: requestedByID === callerUserId,
  };
}
