import { PayoutMessages, type PayoutLineResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { conflict } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { HELD_AFFILIATES_SQL, LINE_UNDER_RISK_REVIEW_SQL } from './risk-hold-sql';
import { lineAffiliateOf, loadLine, loadRun, lockRun } from './run-queries';

// Issue 49 item 3: risk holds in the money loop. The risk module decides who is held (an open case at the hold's
// severity, docs/risk.md); payouts asks here. A new run lists a held affiliate 'Under risk review' (eligibility.ts),
// and a line already in a submitted, approved or paying run when the case opened is not approved or sent until an
// admin excludes it or lets it go.

/** Whether the affiliate's payouts are held now (the affiliate's Payouts page says so, not why). */
export async function affiliateHeldForReview(sql: Sql, affiliateId: number): Promise<boolean> {
  const { rows } = await sql.query<{ held: boolean }>(
    `SELECT $1::bigint IN (${HELD_AFFILIATES_SQL}) AS held`,
    [affiliateId],
  );
  return rows[0].held;
}

/** How many of the run's lines wait for an admin's decision. */
export async function countLinesUnderRiskReview(sql: Sql, runId: number): Promise<number> {
  const { rows } = await sql.query<{ held: number }>(
    `SELECT count(*)::int AS held FROM payout_lines l WHERE l.payout_run_id = $1 AND ${LINE_UNDER_RISK_REVIEW_SQL}`,
    [runId],
  );
  return rows[0].held;
}

/** Whether this line of the run is under risk review now. */
export async function lineUnderRiskReview(sql: Sql, runId: number, lineId: number): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM payout_lines l
      WHERE l.payout_line_id = $1 AND l.payout_run_id = $2 AND ${LINE_UNDER_RISK_REVIEW_SQL}`,
    [lineId, runId],
  );
  return rows.length > 0;
}

/**
 * An admin lets a line under risk review be paid with its run: one conditional UPDATE (still pending, still held,
 * not let go), so two admins at once give one answer and a line whose case closed meanwhile is refused. A draft's
 * lines are decided by their submission (a held affiliate becomes ineligible), so a draft has nothing to let go.
 */
export async function letGoLine(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  lineId: number,
): Promise<PayoutLineResponse> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    const now = ctx.now();
    const affiliateId = await lineAffiliateOf(tx, runId, lineId);
    const { rowCount } = await tx.query(
      `UPDATE payout_lines l SET risk_let_go_by = $3, risk_let_go_at = $4
        WHERE l.payout_line_id = $1 AND l.payout_run_id = $2 AND $5 <> 'draft' AND ${LINE_UNDER_RISK_REVIEW_SQL}`,
      [lineId, runId, session.userId, now, run.status],
    );
    if (!rowCount) throw conflict(PayoutMessages.lineNotUnderReview);
    const line = await loadLine(ctx, tx, runId, lineId);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.line.let_go',
      entityType: 'affiliate',
      entityId: affiliateId,
      details: { runId, lineId, affiliateCode: line.affiliateCode, net: line.net },
      at: now,
    });
    return { message: PayoutMessages.lineLetGo, line, run: await loadRun(tx, runId, session.userId) };
  });
}
