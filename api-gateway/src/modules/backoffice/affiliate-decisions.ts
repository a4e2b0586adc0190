import type { AffiliateAction, AffiliateDecisionResponse, AffiliateStatus } from '@portal/contracts';
import {
  activationTarget,
  AffiliateMessages,
  alreadyDecidedMessage,
  checkAffiliateTransition,
  DataRightsMessages,
  KycPartMessages,
  Messages,
} from '@portal/contracts';
import { generateTemporaryPassword, hashPassword } from '../../auth/password';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { conflict, forbidden, notFound } from '../../http/errors';
import { faultPoint } from '../../lib/fault-point';
import type { SessionUser } from '../../http/session';
import { lastChangeTo, recordAudit } from '../audit';
import type { PartVerdict } from '../kyc-cases';
import {
  approvalGate,
  assertCaseNotHeldByOther,
  assertHoldsCase,
  closeWaitingApproval,
  recordPartVerdicts,
  settleOpenParts,
} from '../kyc-cases';
import { enqueueMessage } from '../messaging';
import { hasPassword, revokeSessions, setTemporaryPassword } from '../users';
import { decisionEmail } from './affiliate-emails';
import type { AffiliateRecord } from './affiliate-queries';
import { findAffiliate } from './affiliate-queries';

export interface AffiliateDecision {
  affiliateId: number;
  action: AffiliateAction;
  remark?: string;
  /** The status the person saw when deciding; a different one now means someone decided first (409). */
  expectedStatus?: AffiliateStatus;
  /** Issue 50: a rejection of some parts only, by the reviewer holding the case; each verdict is a row. */
  parts?: PartVerdict[];
}

const SUCCESS_MESSAGES: Record<AffiliateAction, string> = {
  approve: Messages.approved,
  reject: Messages.rejected,
  activate: AffiliateMessages.activated,
  inactivate: Messages.userInactivated,
};

const isKycDecision = (action: AffiliateAction) => action === 'approve' || action === 'reject';

/**
 * Applies one status change of spec §4 for the signed-in staff member: checks the transition for their
 * role against the affiliate's current (locked) status, writes the status, the audit row, and any email
 * in one transaction. At the first KYC decision the affiliate gets a temporary password; making an
 * affiliate inactive ends its sessions at once.
 */
export async function decideAffiliate(
  ctx: AppContext,
  actor: SessionUser,
  decision: AffiliateDecision,
): Promise<AffiliateDecisionResponse> {
  // Hashing is slow, so a password the decision may need is prepared before the row is locked.
  const before = await findAffiliate(ctx.db, ctx.config.dataKeyring, decision.affiliateId);
  if (!before) throw notFound(AffiliateMessages.notFound);
  await assertNotStale(ctx.db, before, decision.expectedStatus);
  assertAllowed(actor, before.status, decision.action);
  const prepared =
    isKycDecision(decision.action) && (await needsPassword(ctx.db, before))
      ? await preparePassword()
      : undefined;

  return ctx.db.transaction(async (tx) => {
    const affiliate = await findAffiliate(tx, ctx.config.dataKeyring, decision.affiliateId, true);
    if (!affiliate) throw notFound(AffiliateMessages.notFound);
    await assertNotStale(tx, affiliate, decision.expectedStatus);
    const check = assertAllowed(actor, affiliate.status, decision.action);
    // Issue 50: a case another reviewer holds is theirs to decide (an admin can reassign it first).
    if (isKycDecision(decision.action))
      await assertCaseNotHeldByOther(tx, affiliate.affiliateID, actor.userId, ctx.now());
    if (decision.parts) await assertHoldsCase(tx, affiliate.affiliateID, actor.userId, ctx.now());
    // Issue 29: an erased affiliate stays Inactive (under the row lock erasure also takes; the database's
    // affiliates_erased_holds_nothing refuses it as well).
    if (decision.action === 'activate' && (await isErased(tx, affiliate.affiliateID)))
      throw conflict(DataRightsMessages.erasedCannotActivate);
    const to: AffiliateStatus =
      check.to === 'restore' ? activationTarget(affiliate.statusBeforeInactive) : check.to;
    const now = ctx.now();

    // Issue 50 part 4: a risky approval waits for a second reviewer; the second one's approval confirms it.
    const gate =
      decision.action === 'approve'
        ? await approvalGate(ctx, tx, actor, affiliate.affiliateID, decision.remark, now)
        : undefined;
    if (gate?.kind === 'requested')
      return {
        message: KycPartMessages.approvalRequested,
        affiliateID: affiliate.affiliateID,
        status: affiliate.status,
      };
    if (decision.action === 'reject') await closeWaitingApproval(tx, affiliate.affiliateID, actor, now);
    // Issue 50 part 3: part verdicts open until the affiliate resubmits; a whole decision settles them.
    if (decision.parts) await recordPartVerdicts(tx, affiliate.affiliateID, actor, decision.parts, now);
    else if (isKycDecision(decision.action)) await settleOpenParts(tx, affiliate.affiliateID, now);

    // The row lock above orders concurrent decisions; the status the decision was made against is also
    // part of the statement, so the database itself refuses a change made against an old status.
    const updated = await tx.query(
      `UPDATE affiliates
          SET status = $2,
              status_before_inactive = $3,
              remark = CASE WHEN $4::boolean THEN $5 ELSE coalesce($5, remark) END,
              first_decision_at = CASE WHEN $4::boolean THEN coalesce(first_decision_at, $6) ELSE first_decision_at END,
              updated_date = $6
        WHERE affiliate_id = $1 AND status = $7`,
      [
        affiliate.affiliateID,
        to,
        to === 'Inactive' ? affiliate.status : null,
        isKycDecision(decision.action),
        decision.remark ?? null,
        now,
        decision.expectedStatus ?? affiliate.status,
      ],
    );
    if (updated.rowCount !== 1) throw conflict(await staleMessage(tx, affiliate.affiliateID));

    await faultPoint('kyc.decision');
    let temporaryPassword: string | undefined;
    if (isKycDecision(decision.action) && (await needsPassword(tx, affiliate))) {
      const credentials = prepared ?? (await preparePassword());
      temporaryPassword = credentials.password;
      await setTemporaryPassword(tx, affiliate.userId, credentials.hash, now);
    }
    if (to === 'Inactive') await revokeSessions(tx, affiliate.userId, now);

    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: `affiliate.${decision.action}`,
      entityType: 'affiliate',
      entityId: affiliate.affiliateID,
      fromStatus: affiliate.status,
      toStatus: to,
      remark: decision.remark ?? null,
      details: decisionDetails(
        temporaryPassword,
        gate?.kind === 'approve' ? gate.confirmedRequestOf : undefined,
      ),
      at: now,
    });

    const email = decisionEmail(decision.action, affiliate, { remark: decision.remark, temporaryPassword });
    if (email) await enqueueMessage(tx, { channel: 'email', recipient: affiliate.email, ...email });

    return { message: SUCCESS_MESSAGES[decision.action], affiliateID: affiliate.affiliateID, status: to };
  });
}

function decisionDetails(temporaryPassword: string | undefined, confirmsApprovalOf: number | undefined) {
  if (!temporaryPassword && confirmsApprovalOf === undefined) return null;
  return {
    ...(temporaryPassword ? { temporaryPasswordIssued: true } : {}),
    ...(confirmsApprovalOf !== undefined ? { confirmsApprovalOf } : {}),
  };
}

async function isErased(sql: Sql, affiliateId: number): Promise<boolean> {
  const { rows } = await sql.query(
    'SELECT 1 FROM affiliates WHERE affiliate_id = $1 AND erased_at IS NOT NULL',
    [affiliateId],
  );
  return rows.length === 1;
}

/** A decision made against a status the affiliate has left: say who changed it (from the audit log). */
async function assertNotStale(sql: Sql, affiliate: AffiliateRecord, expected: AffiliateStatus | undefined) {
  if (expected !== undefined && expected !== affiliate.status) {
    throw conflict(await staleMessage(sql, affiliate.affiliateID, affiliate.status));
  }
}

async function staleMessage(sql: Sql, affiliateId: number, knownStatus?: AffiliateStatus): Promise<string> {
  const status =
    knownStatus ??
    (
      await sql.query<{ status: AffiliateStatus }>('SELECT status FROM affiliates WHERE affiliate_id = $1', [
        affiliateId,
      ])
    ).rows[0]?.status;
  if (!status) return AffiliateMessages.notFound;
  const last = await lastChangeTo(sql, 'affiliate', affiliateId, status);
  return alreadyDecidedMessage(status, last);
}

function assertAllowed(actor: SessionUser, from: AffiliateStatus, action: AffiliateAction) {
  const check = checkAffiliateTransition(actor.roleID, from, action);
  if (!check.ok) throw check.reason === 'role' ? forbidden(check.message) : conflict(check.message);
  return check;
}

/** The first KYC decision issues credentials; so does any later one for an account that still has none. */
async function needsPassword(sql: Sql, affiliate: AffiliateRecord): Promise<boolean> {
  return affiliate.firstDecisionAt === null || !(await hasPassword(sql, affiliate.userId));
}

async function preparePassword(): Promise<{ password: string; hash: string }> {
  const password = generateTemporaryPassword();
  return { password, hash: await hashPassword(password) };
}
