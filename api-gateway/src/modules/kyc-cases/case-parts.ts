import type { KycCaseReview, KycPart, KycPartDecision, ReturnedKycPart } from '@portal/contracts';
import { AffiliateMessages, KYC_PART_LABELS, KycCaseMessages, KycPartMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { conflict, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { claimCutoff } from './case-queries';
import { approvalRisks, waitingApproval } from './four-eyes';

export interface PartVerdict {
  part: KycPart;
  outcome: 'accepted' | 'returned';
  reason?: string;
}

/**
 * Returning parts is the claim holder's act: the case row is locked for it, so a claim or another decision at the
 * same moment waits, and a reviewer who lost the claim (lapsed, reassigned) is refused.
 */
export async function assertHoldsCase(sql: Sql, affiliateId: number, actorUserId: number, now: Date) {
  const { rows } = await sql.query<{ reviewer: number | null; live: boolean }>(
    `SELECT reviewer_user_id AS reviewer, coalesce(last_active_at > $2, false) AS live
       FROM kyc_cases WHERE affiliate_id = $1 FOR UPDATE`,
    [affiliateId, claimCutoff(now)],
  );
  if (rows.length === 0) throw conflict(KycCaseMessages.notWaiting);
  if (!rows[0].live || Number(rows[0].reviewer) !== actorUserId) throw conflict(KycPartMessages.claimFirst);
}

/** The remark the affiliate reads (and its email carries): each returned part with its reason. */
export const returnedPartsRemark = (verdicts: PartVerdict[]) =>
  verdicts
    .filter((verdict) => verdict.outcome === 'returned')
    .map((verdict) => `${KYC_PART_LABELS[verdict.part]}: ${verdict.reason}`)
    .join('; ');

/**
 * A new round of verdicts replaces the open one: the older rows are settled first, so the unique index
 * (one open verdict per part) refuses only a second round written at the same moment.
 */
export async function recordPartVerdicts(
  tx: Sql,
  affiliateId: number,
  actor: SessionUser,
  verdicts: PartVerdict[],
  now: Date,
): Promise<void> {
  await settleOpenParts(tx, affiliateId, now);
  for (const verdict of verdicts) {
    await tx.query(
      `INSERT INTO kyc_part_decisions (affiliate_id, part, outcome, reason, decided_by, decided_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [affiliateId, verdict.part, verdict.outcome, verdict.reason ?? null, actor.userId, now],
    );
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: verdict.outcome === 'returned' ? 'kyc.part.return' : 'kyc.part.accept',
      entityType: 'affiliate',
      entityId: affiliateId,
      remark: verdict.reason
        ? `${KYC_PART_LABELS[verdict.part]}: ${verdict.reason}`
        : KYC_PART_LABELS[verdict.part],
      details: { part: verdict.part },
      at: now,
    });
  }
}

/** The affiliate resubmitted, or a whole-registration decision replaced the verdicts: none is open any more. */
export async function settleOpenParts(tx: Sql, affiliateId: number, now: Date): Promise<void> {
  await tx.query(
    'UPDATE kyc_part_decisions SET settled_at = $2 WHERE affiliate_id = $1 AND settled_at IS NULL',
    [affiliateId, now],
  );
}

export interface OpenReturn extends ReturnedKycPart {
  replacementSelfiePath: string | null;
}

/** The parts returned and not yet resubmitted; empty when the whole registration was rejected. */
export async function openReturnedParts(
  sql: Sql,
  affiliateId: number,
  forUpdate = false,
): Promise<OpenReturn[]> {
  const { rows } = await sql.query<OpenReturn>(
    `SELECT part, reason, replacement_selfie_path AS "replacementSelfiePath" FROM kyc_part_decisions
      WHERE affiliate_id = $1 AND settled_at IS NULL AND outcome = 'returned'
      ORDER BY decision_id ${forUpdate ? 'FOR UPDATE' : ''}`,
    [affiliateId],
  );
  return rows;
}

/** The reviewer's view: the latest verdict on each part, what would need four eyes, an approval waiting. */
export async function caseReview(
  ctx: AppContext,
  sql: Sql,
  caller: SessionUser,
  affiliateId: number,
): Promise<KycCaseReview> {
  const exists = await sql.query('SELECT 1 FROM affiliates WHERE affiliate_id = $1', [affiliateId]);
  if (exists.rows.length === 0) throw notFound(AffiliateMessages.notFound);
  const { rows } = await sql.query<Omit<KycPartDecision, 'decidedOn'> & { decidedAt: Date }>(
    `SELECT DISTINCT ON (d.part) d.part, d.outcome, d.reason, u.full_name AS "decidedByName",
            d.decided_at AS "decidedAt", d.settled_at IS NULL AS open
       FROM kyc_part_decisions d JOIN users u ON u.user_id = d.decided_by
      WHERE d.affiliate_id = $1
      ORDER BY d.part, d.decided_at DESC, d.decision_id DESC`,
    [affiliateId],
  );
  return {
    affiliateID: affiliateId,
    parts: rows.map(({ decidedAt, ...row }) => ({ ...row, decidedOn: decidedAt.toISOString() })),
    approvalRisks: await approvalRisks(ctx, sql, affiliateId),
    pendingApproval: await waitingApproval(sql, affiliateId, caller.userId),
  };
}
