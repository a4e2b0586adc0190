import type { KycClaimResponse, KycReleaseResponse, KycReviewer } from '@portal/contracts';
import {
  AffiliateMessages,
  heldByMessage,
  KycCaseMessages,
  KycPartMessages,
  roleNameOf,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { claimCutoff, findCase } from './case-queries';

/**
 * Claims the case for the caller, or keeps the caller's own claim alive. One UPDATE decides it: the row is taken
 * only when free, lapsed or already the caller's, so of two reviewers claiming at once (on any gateways) the
 * database gives it to one and the other's UPDATE, re-checked against the new row, matches nothing.
 */
export async function claimCase(
  ctx: AppContext,
  actor: SessionUser,
  affiliateId: number,
): Promise<KycClaimResponse> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // Issue 50 part 4: who asked for an approval is not the one to hold the case while it waits for another.
    if (await asksSecondReviewer(tx, affiliateId, actor.userId)) throw conflict(KycPartMessages.ownApproval);
    const { rows } = await tx.query<{ fresh: boolean }>(
      `UPDATE kyc_cases
          SET claimed_at = CASE WHEN reviewer_user_id = $2 AND last_active_at > $4 THEN claimed_at ELSE $3 END,
              reviewer_user_id = $2,
              last_active_at = $3
        WHERE affiliate_id = $1
          AND (reviewer_user_id IS NULL OR reviewer_user_id = $2 OR last_active_at <= $4)
        RETURNING claimed_at = $3 AS fresh`,
      [affiliateId, actor.userId, now, claimCutoff(now)],
    );
    if (rows.length === 0) throw await refusal(tx, affiliateId, now);
    if (rows[0].fresh) await auditCase(tx, actor, affiliateId, 'kyc.claim', now);
    const current = await findCase(tx, affiliateId, now);
    return {
      message: rows[0].fresh ? KycCaseMessages.claimed : KycCaseMessages.alreadyYours,
      case: current!,
    };
  });
}

/**
 * The oldest free case for the caller. A reviewer who already holds a live case gets it back instead, so the
 * button never piles cases on one person; the caller's user row is locked first so that two presses at once
 * (two tabs, two gateways) take one case between them. SKIP LOCKED lets reviewers pressing at the same moment
 * each take a different case rather than queue behind one another.
 */
export async function claimNextCase(ctx: AppContext, actor: SessionUser): Promise<KycClaimResponse> {
  const now = ctx.now();
  const cutoff = claimCutoff(now);
  return ctx.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [actor.userId]);
    const held = await tx.query<{ affiliate_id: number }>(
      `UPDATE kyc_cases SET last_active_at = $3
        WHERE affiliate_id = (SELECT affiliate_id FROM kyc_cases
                               WHERE reviewer_user_id = $1 AND last_active_at > $2
                               ORDER BY claimed_at, affiliate_id LIMIT 1)
        RETURNING affiliate_id`,
      [actor.userId, cutoff, now],
    );
    if (held.rows.length === 1) {
      const current = await findCase(tx, held.rows[0].affiliate_id, now);
      return { message: KycCaseMessages.alreadyYours, case: current! };
    }
    const { rows } = await tx.query<{ affiliate_id: number }>(
      `WITH next AS (
         SELECT affiliate_id FROM kyc_cases
          WHERE (reviewer_user_id IS NULL OR last_active_at <= $2)
            AND NOT EXISTS (SELECT 1 FROM kyc_approval_requests r
                             WHERE r.affiliate_id = kyc_cases.affiliate_id AND r.status = 'awaiting-second'
                               AND r.requested_by = $1)
          ORDER BY queued_at, affiliate_id
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
       UPDATE kyc_cases c SET reviewer_user_id = $1, claimed_at = $3, last_active_at = $3
         FROM next WHERE c.affiliate_id = next.affiliate_id
       RETURNING c.affiliate_id`,
      [actor.userId, cutoff, now],
    );
    if (rows.length === 0) throw notFound(KycCaseMessages.queueEmpty);
    await auditCase(tx, actor, rows[0].affiliate_id, 'kyc.claim', now);
    const current = await findCase(tx, rows[0].affiliate_id, now);
    return { message: KycCaseMessages.claimed, case: current! };
  });
}

/** Gives the caller's live claim back to the queue. */
export async function releaseCase(
  ctx: AppContext,
  actor: SessionUser,
  affiliateId: number,
): Promise<KycReleaseResponse> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE kyc_cases SET reviewer_user_id = NULL, claimed_at = NULL, last_active_at = NULL
        WHERE affiliate_id = $1 AND reviewer_user_id = $2 AND last_active_at > $3`,
      [affiliateId, actor.userId, claimCutoff(now)],
    );
    if (rowCount !== 1) {
      if (!(await findCase(tx, affiliateId, now))) throw await refusal(tx, affiliateId, now);
      throw conflict(KycCaseMessages.notYours);
    }
    await auditCase(tx, actor, affiliateId, 'kyc.release', now);
    return { message: KycCaseMessages.released, affiliateID: affiliateId };
  });
}

/** An admin hands the case to an active staff member, whoever holds it now; the history names both. */
export async function reassignCase(
  ctx: AppContext,
  actor: SessionUser,
  affiliateId: number,
  reviewerId: number,
): Promise<KycClaimResponse> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const reviewer = await tx.query<{ full_name: string }>(
      'SELECT full_name FROM users WHERE user_id = $1 AND role_id IN (1, 2) AND is_active',
      [reviewerId],
    );
    if (reviewer.rows.length === 0) throw badRequest(KycCaseMessages.reviewerNotStaff);
    const before = await findCase(tx, affiliateId, now);
    if (!before) throw await refusal(tx, affiliateId, now);
    await tx.query(
      `UPDATE kyc_cases SET reviewer_user_id = $2, claimed_at = $3, last_active_at = $3 WHERE affiliate_id = $1`,
      [affiliateId, reviewerId, now],
    );
    const from = before.claim?.reviewerName;
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'kyc.reassign',
      entityType: 'affiliate',
      entityId: affiliateId,
      remark: from ? `From ${from} to ${reviewer.rows[0].full_name}` : `To ${reviewer.rows[0].full_name}`,
      details: { fromReviewerId: before.claim?.reviewerID ?? null, toReviewerId: reviewerId },
      at: now,
    });
    const current = await findCase(tx, affiliateId, now);
    return { message: KycCaseMessages.reassigned, case: current! };
  });
}

/** The staff a case can be handed to: active admins and back-office users, by name. */
export async function listReviewers(sql: Sql): Promise<KycReviewer[]> {
  const { rows } = await sql.query<{ userID: number; fullName: string; roleID: number }>(
    `SELECT user_id AS "userID", full_name AS "fullName", role_id AS "roleID"
       FROM users WHERE role_id IN (1, 2) AND is_active ORDER BY full_name, user_id LIMIT 1000`,
  );
  return rows.map((row) => ({
    userID: row.userID,
    fullName: row.fullName,
    role: roleNameOf(row.roleID) ?? '',
  }));
}

/**
 * Inside a KYC decision's transaction: the case must not be held by someone else. The row is locked, so a claim
 * made at the same moment waits for the decision (which removes the case) or the decision waits for it.
 */
export async function assertCaseNotHeldByOther(
  sql: Sql,
  affiliateId: number,
  actorUserId: number,
  now: Date,
): Promise<void> {
  const { rows } = await sql.query<{ reviewer: number; name: string }>(
    `SELECT c.reviewer_user_id AS reviewer, u.full_name AS name
       FROM kyc_cases c JOIN users u ON u.user_id = c.reviewer_user_id
      WHERE c.affiliate_id = $1 AND c.last_active_at > $2
      FOR UPDATE OF c`,
    [affiliateId, claimCutoff(now)],
  );
  if (rows.length === 1 && Number(rows[0].reviewer) !== actorUserId)
    throw conflict(heldByMessage(rows[0].name));
}

async function asksSecondReviewer(sql: Sql, affiliateId: number, userId: number): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM kyc_approval_requests
      WHERE affiliate_id = $1 AND status = 'awaiting-second' AND requested_by = $2`,
    [affiliateId, userId],
  );
  return rows.length > 0;
}

/** Why a claim on this affiliate was refused: no such affiliate, not waiting for review, or who holds it. */
async function refusal(sql: Sql, affiliateId: number, now: Date) {
  const existing = await sql.query('SELECT 1 FROM affiliates WHERE affiliate_id = $1', [affiliateId]);
  if (existing.rows.length === 0) return notFound(AffiliateMessages.notFound);
  const current = await findCase(sql, affiliateId, now);
  if (current?.claim) return conflict(heldByMessage(current.claim.reviewerName));
  return conflict(KycCaseMessages.notWaiting);
}

async function auditCase(sql: Sql, actor: SessionUser, affiliateId: number, action: string, at: Date) {
  await recordAudit(sql, {
    actorUserId: actor.userId,
    action,
    entityType: 'affiliate',
    entityId: affiliateId,
    at,
  });
}
