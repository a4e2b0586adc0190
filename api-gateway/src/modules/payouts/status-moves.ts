import { PayoutIneligibleReasons } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { recordAudit } from '../audit';
import { notifyLinePaid, notifyLineReversed } from './notify-paid';
import { LINE_UNDER_RISK_REVIEW_SQL } from './risk-hold-sql';

/**
 * Every status move of a payout line and of a payout run, in one place: the four-eyes steps (run-steps.ts), the
 * bank result and marking by hand, and Paystack's job, webhook and reconciler. Each is one conditional UPDATE
 * (forward only; the triggers of 061 and 069 hold the same rules): a repeated or older outcome matches no row
 * and changes nothing. They answer whether the line or run moved.
 */

export interface LineMove {
  /** Why (failed, reversed) or the admin's remark (paid by hand); kept as the line's status_reason. */
  reason?: string | null;
  /** Paystack's transfer code, when known. */
  transferCode?: string | null;
  /** Who recorded the bank's result of a bank-file line (never the run's creator: migration 079). */
  resultBy?: number | null;
  /** Paystack's fee for the transfer (naira text), when its answer tells it. */
  fee?: string | null;
  at: Date;
}

export interface MovedLine {
  lineId: number;
  runId: number;
  affiliateId: number;
}

async function move(
  sql: Sql,
  lineId: number,
  to: 'paid' | 'failed' | 'reversed',
  from: readonly string[],
  change: LineMove,
): Promise<MovedLine | null> {
  const { rows } = await sql.query<{ payout_run_id: string; affiliate_id: string }>(
    `UPDATE payout_lines
        SET status = $2,
            status_reason = coalesce($3, status_reason),
            provider_transfer_code = coalesce($4, provider_transfer_code),
            paid_at = CASE WHEN $2 = 'paid' THEN $5 ELSE paid_at END,
            result_by = coalesce($7, result_by),
            provider_fee = coalesce($8::numeric, provider_fee),
            updated_at = $5
      WHERE payout_line_id = $1 AND status = ANY ($6::text[])
      RETURNING payout_run_id::text, affiliate_id::text`,
    [
      lineId,
      to,
      change.reason ?? null,
      change.transferCode ?? null,
      change.at,
      from,
      change.resultBy ?? null,
      change.fee ?? null,
    ],
  );
  if (!rows[0]) return null;
  return { lineId, runId: Number(rows[0].payout_run_id), affiliateId: Number(rows[0].affiliate_id) };
}

/**
 * sending/processing -> paid, and the paid notice (email and WhatsApp) in the same transaction. Null when the
 * line was not waiting for a result (already paid, failed, ...).
 */
export async function markLinePaid(sql: Sql, lineId: number, change: LineMove): Promise<MovedLine | null> {
  const moved = await move(sql, lineId, 'paid', ['sending', 'processing'], change);
  if (moved) await notifyLinePaid(sql, lineId);
  return moved;
}

/** sending/processing -> failed: its entries are free (available) again. */
export function markLineFailed(sql: Sql, lineId: number, change: LineMove): Promise<MovedLine | null> {
  return move(sql, lineId, 'failed', ['sending', 'processing'], change);
}

/** paid -> reversed (the money came back): its entries are free (available) again, and the affiliate is told. */
export async function markLineReversed(
  sql: Sql,
  lineId: number,
  change: LineMove,
): Promise<MovedLine | null> {
  const moved = await move(sql, lineId, 'reversed', ['paid'], change);
  if (moved) await notifyLineReversed(sql, lineId);
  return moved;
}

/**
 * executing -> completed once no line of the run is pending, sending or processing; audited
 * (payout.run.complete, by the system). Answers whether the run completed now.
 */
export async function completeRunIfSettled(sql: Sql, runId: number, at: Date): Promise<boolean> {
  const { rows } = await sql.query<{ paid: string; failed: string; provider: string }>(
    `WITH done AS (
       UPDATE payout_runs SET status = 'completed', completed_at = $2, updated_at = $2
        WHERE payout_run_id = $1 AND status = 'executing'
          AND NOT EXISTS (SELECT 1 FROM payout_lines l
                           WHERE l.payout_run_id = $1 AND l.status IN ('pending', 'sending', 'processing'))
       RETURNING provider)
     SELECT done.provider,
            (SELECT count(*) FROM payout_lines WHERE payout_run_id = $1 AND status = 'paid')::text AS paid,
            (SELECT count(*) FROM payout_lines WHERE payout_run_id = $1 AND status IN ('failed', 'reversed'))::text
              AS failed
       FROM done`,
    [runId, at],
  );
  if (!rows[0]) return false;
  await recordAudit(sql, {
    actorUserId: null,
    action: 'payout.run.complete',
    entityType: 'payout_run',
    entityId: runId,
    fromStatus: 'executing',
    toStatus: 'completed',
    details: { paid: Number(rows[0].paid), failed: Number(rows[0].failed), provider: rows[0].provider },
    at,
  });
  return true;
}

// ---- a draft's lines and a run's four-eyes steps ------------------------------------------------------------

/** pending -> excluded (a draft's line, or one under risk review), with the admin's reason. Answers whether it moved. */
export async function excludePendingLine(
  tx: Sql,
  runId: number,
  lineId: number,
  reason: string,
  at: Date,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE payout_lines SET status = 'excluded', status_reason = $3, updated_at = $4
      WHERE payout_line_id = $1 AND payout_run_id = $2 AND status = 'pending'`,
    [lineId, runId, reason, at],
  );
  return Boolean(rowCount);
}

/** excluded -> pending in a draft (issue 51): the admin takes the exclusion back. Answers whether the line moved. */
export async function includeExcludedLine(
  tx: Sql,
  runId: number,
  lineId: number,
  at: Date,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE payout_lines SET status = 'pending', status_reason = NULL, updated_at = $3
      WHERE payout_line_id = $1 AND payout_run_id = $2 AND status = 'excluded'`,
    [lineId, runId, at],
  );
  return Boolean(rowCount);
}

/**
 * A draft's pending lines restated from `due` (eligibilitySql over the run's pending lines' affiliates, its
 * parameters $1 entriesBefore, $2 minimumPayout, $3 the run): the amount of now, and pending -> ineligible with
 * the reason when a line can no longer be paid. Answers how many lines changed in amount or eligibility.
 */
export async function restatePendingLines(
  tx: Sql,
  runId: number,
  terms: { due: string; entriesBefore: Date; minimumPayout: string; withholdingPercent: string; now: Date },
): Promise<number> {
  const { rows } = await tx.query(
    `WITH due AS (${terms.due}),
     fresh AS (
       SELECT l.payout_line_id, coalesce(due.amount, 0) AS gross,
              CASE WHEN due.amount IS NULL THEN $6 ELSE due.reason END AS reason
         FROM payout_lines l LEFT JOIN due ON due.affiliate_id = l.affiliate_id
        WHERE l.payout_run_id = $3 AND l.status = 'pending'
     ), priced AS (
       SELECT f.*, CASE WHEN f.reason IS NULL THEN round(f.gross * $4::numeric / 100, 2) ELSE 0 END AS deductions
         FROM fresh f
     )
     UPDATE payout_lines l
        SET gross = p.gross, deductions = p.deductions, net = p.gross - p.deductions,
            status = CASE WHEN p.reason IS NULL THEN 'pending' ELSE 'ineligible' END,
            status_reason = p.reason, updated_at = $5
       FROM priced p
      WHERE l.payout_line_id = p.payout_line_id AND (p.gross <> l.gross OR p.reason IS NOT NULL)
     RETURNING l.payout_line_id`,
    [
      terms.entriesBefore,
      terms.minimumPayout,
      runId,
      terms.withholdingPercent,
      terms.now,
      PayoutIneligibleReasons.belowMinimum,
    ],
  );
  return rows.length;
}

/** draft -> submitted. */
export async function submitDraftRun(tx: Sql, runId: number, at: Date): Promise<void> {
  await tx.query(
    `UPDATE payout_runs SET status = 'submitted', submitted_at = $2, updated_at = $2
      WHERE payout_run_id = $1 AND status = 'draft'`,
    [runId, at],
  );
}

/**
 * submitted -> `to` (approved, or executing for a rail that starts paying at once) by another admin than the
 * creator, in one conditional UPDATE (two decisions at once give one). When executing, the pending lines move
 * to processing with it. Answers whether the run moved.
 */
export async function approveSubmittedRun(
  tx: Sql,
  runId: number,
  decision: { to: 'approved' | 'executing'; by: number; remark: string | null; at: Date },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE payout_runs
        SET status = $2, decided_by = $3, decided_at = $4, decision_remark = $5, updated_at = $4,
            executed_by = CASE WHEN $2 = 'executing' THEN $3::bigint END,
            executed_at = CASE WHEN $2 = 'executing' THEN $4::timestamptz END
      WHERE payout_run_id = $1 AND status = 'submitted' AND created_by <> $3`,
    [runId, decision.to, decision.by, decision.at, decision.remark],
  );
  if (!rowCount) return false;
  if (decision.to === 'executing') {
    await tx.query(
      `UPDATE payout_lines SET status = 'processing', updated_at = $2
        WHERE payout_run_id = $1 AND status = 'pending'`,
      [runId, decision.at],
    );
  }
  return true;
}

/**
 * submitted -> rejected by another admin than the creator; its pending lines -> cancelled with the remark. The
 * lines paid nothing, so what they held is let go rather than kept as 'cancelled' (the status cascade rewrote
 * every link: ~480k rows and 18-33 s at 50k affiliates; bench/payout-run.bench.ts). Answers whether it moved.
 */
export async function rejectSubmittedRun(
  tx: Sql,
  runId: number,
  decision: { by: number; remark: string; at: Date },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE payout_runs SET status = 'rejected', decided_by = $2, decided_at = $3, decision_remark = $4,
            updated_at = $3
      WHERE payout_run_id = $1 AND status = 'submitted' AND created_by <> $2`,
    [runId, decision.by, decision.at, decision.remark],
  );
  if (!rowCount) return false;
  await tx.query(
    `DELETE FROM payout_line_entries p USING payout_lines l
      WHERE p.payout_line_id = l.payout_line_id AND l.payout_run_id = $1 AND l.status = 'pending'`,
    [runId],
  );
  await tx.query(
    `UPDATE payout_lines SET status = 'cancelled', status_reason = $2, updated_at = $3
      WHERE payout_run_id = $1 AND status = 'pending'`,
    [runId, `Run rejected: ${decision.remark}`.slice(0, 500), decision.at],
  );
  return true;
}

/** approved -> executing (Pay now) on a run of `railId`, by one conditional UPDATE. Answers whether it moved. */
export async function startExecutingRun(
  tx: Sql,
  runId: number,
  railId: string,
  by: number,
  at: Date,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE payout_runs SET status = 'executing', executed_by = $2, executed_at = $3, provider_message = NULL,
            updated_at = $3
      WHERE payout_run_id = $1 AND status = 'approved' AND provider = $4`,
    [runId, by, at, railId],
  );
  return Boolean(rowCount);
}

// ---- a run paid on request (Paystack's job) -------------------------------------------------------------------

/**
 * executing -> approved when the provider's balance is too low, with the reason (provider_message): only while
 * `lease` still holds the run, its balance was never found enough, and no line of it has left. Answers whether
 * the run moved.
 */
export async function runBackToApproved(
  tx: Sql,
  runId: number,
  lease: Date,
  message: string,
  at: Date,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE payout_runs SET status = 'approved', provider_message = $3, execution_lease_until = NULL,
            updated_at = $4
      WHERE payout_run_id = $1 AND status = 'executing' AND execution_lease_until = $2
        AND balance_checked_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.payout_run_id = $1
                         AND l.status IN ('sending', 'processing', 'paid', 'failed', 'reversed'))`,
    [runId, lease, message, at],
  );
  return Boolean(rowCount);
}

/**
 * pending -> sending, each line with its recipient code: the claim, committed before the provider is called, so
 * a line is sent from 'pending' once, and never while it is under risk review (issue 49; checked in the claim
 * itself, so a case opened after the lines were read still stops it). Answers the ids of the lines claimed.
 */
export async function claimLinesForSending(
  tx: Sql,
  recipients: ReadonlyMap<number, string>,
  at: Date,
): Promise<Set<number>> {
  const ids = [...recipients.keys()];
  const { rows } = await tx.query<{ payout_line_id: string | number }>(
    `UPDATE payout_lines l SET status = 'sending', paystack_recipient_code = v.code, updated_at = $3
       FROM unnest($1::bigint[], $2::text[]) AS v(id, code)
      WHERE l.payout_line_id = v.id AND l.status = 'pending' AND NOT ${LINE_UNDER_RISK_REVIEW_SQL}
      RETURNING l.payout_line_id`,
    [ids, ids.map((id) => recipients.get(id)), at],
  );
  return new Set(rows.map((row) => Number(row.payout_line_id)));
}

/** sending -> processing: the provider has the transfer. Null when the line was not sending. */
export async function markLineProcessing(
  sql: Sql,
  lineId: number,
  change: Pick<LineMove, 'transferCode' | 'fee' | 'at'>,
): Promise<{ runId: number } | null> {
  const { rows } = await sql.query<{ payout_run_id: string | number }>(
    `UPDATE payout_lines SET status = 'processing', provider_transfer_code = coalesce($2, provider_transfer_code),
            provider_fee = coalesce($4::numeric, provider_fee), updated_at = $3
      WHERE payout_line_id = $1 AND status = 'sending'
      RETURNING payout_run_id`,
    [lineId, change.transferCode ?? null, change.at, change.fee ?? null],
  );
  return rows[0] ? { runId: Number(rows[0].payout_run_id) } : null;
}

/**
 * `from` -> failed for lines refused before anything was sent (an account the provider will not take, a bulk
 * call refused): their entries are free (available) again. Answers each moved line with its run.
 */
export async function failLinesNotSent(
  sql: Sql,
  lineIds: readonly number[],
  from: 'pending' | 'sending',
  reason: string,
  at: Date,
): Promise<{ lineId: number; runId: number }[]> {
  const { rows } = await sql.query<{ payout_line_id: string | number; payout_run_id: string | number }>(
    `UPDATE payout_lines SET status = 'failed', status_reason = $3, updated_at = $4
      WHERE payout_line_id = ANY ($1::bigint[]) AND status = $2
      RETURNING payout_line_id, payout_run_id`,
    [lineIds, from, reason.slice(0, 500), at],
  );
  return rows.map((row) => ({ lineId: Number(row.payout_line_id), runId: Number(row.payout_run_id) }));
}
