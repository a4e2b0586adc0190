import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { recordAudit } from '../audit';
import { notifyLinePaid } from './paid-notice';
import type { TransferState } from './transfers-client';

/**
 * What a line becomes from what Paystack says of its transfer (the bulk answer, GET /transfer/verify, a
 * webhook). Paystack's conclusive statuses: success, failed, reversed, abandoned, blocked, rejected; the rest
 * (pending, otp, received, queued...) mean it has the transfer and is working on it.
 */
export type LineTarget = 'processing' | 'paid' | 'failed' | 'reversed';

export function targetOf(status: string): LineTarget {
  switch (status) {
    case 'success':
      return 'paid';
    case 'reversed':
      return 'reversed';
    case 'failed':
    case 'abandoned':
    case 'blocked':
    case 'rejected':
      return 'failed';
    default:
      return 'processing';
  }
}

/**
 * The statuses a line may be in for each move (the trigger of 061 holds the same rule). A reversal of a line
 * never seen paid fails it (its money never arrived: failed frees the entries the same way).
 */
const FROM: Record<LineTarget, readonly string[]> = {
  processing: ['sending'],
  paid: ['sending', 'processing'],
  failed: ['sending', 'processing'],
  reversed: ['paid'],
};

export interface AppliedOutcome {
  lineId: number;
  runId: number;
  status: LineTarget;
}

const reasonFor = (target: LineTarget, state: TransferState): string | null => {
  const said = state.message ? `: ${state.message}` : '';
  if (target === 'failed') return `Paystack: transfer ${state.status}${said}`.slice(0, 500);
  if (target === 'reversed') return `Paystack: transfer reversed${said}`.slice(0, 500);
  return null;
};

/**
 * Moves the line with this reference forward to what Paystack says, in one conditional UPDATE inside `tx`: a
 * repeated or older state matches no row and changes nothing. Paid: the paid notice is queued in the same
 * transaction. A failed or reversed line leaves the live statuses, so its entries are free (available) again.
 * Then the run completes if no line is left waiting. Returns what changed, or null.
 */
export async function applyTransferState(
  ctx: AppContext,
  tx: Sql,
  state: TransferState,
): Promise<AppliedOutcome | null> {
  let target = targetOf(state.status);
  const now = ctx.now();
  const { rows: current } = await tx.query<{ payout_line_id: string | number; status: string }>(
    `SELECT l.payout_line_id, l.status FROM payout_lines l
       JOIN payout_runs r ON r.payout_run_id = l.payout_run_id
      WHERE l.reference = $1 AND r.provider = 'paystack'
      FOR UPDATE OF l`,
    [state.reference],
  );
  if (current.length === 0) return null;
  // Reversed before we ever saw it paid: the money did not stay with the affiliate, the line failed.
  if (target === 'reversed' && current[0].status !== 'paid') target = 'failed';
  if (!FROM[target].includes(current[0].status)) return null;
  const { rows } = await tx.query<{ payout_line_id: string | number; payout_run_id: string | number }>(
    `UPDATE payout_lines
        SET status = $2,
            provider_transfer_code = coalesce($3, provider_transfer_code),
            status_reason = coalesce($4, status_reason),
            paid_at = CASE WHEN $2 = 'paid' THEN $5 ELSE paid_at END,
            updated_at = $5
      WHERE payout_line_id = $1 AND status = ANY ($6::text[])
      RETURNING payout_line_id, payout_run_id`,
    [current[0].payout_line_id, target, state.transferCode, reasonFor(target, state), now, FROM[target]],
  );
  if (rows.length === 0) return null;
  const lineId = Number(rows[0].payout_line_id);
  const runId = Number(rows[0].payout_run_id);
  if (target === 'paid') await notifyLinePaid(ctx, tx, lineId);
  await completeRunIfSettled(ctx, tx, runId);
  return { lineId, runId, status: target };
}

/** Lines refused before anything was sent (a recipient Paystack will not create, a bulk call refused). */
export async function failLines(
  ctx: AppContext,
  tx: Sql,
  lineIds: readonly number[],
  from: 'pending' | 'sending',
  reason: string,
): Promise<number[]> {
  if (lineIds.length === 0) return [];
  const { rows } = await tx.query<{ payout_line_id: string | number; payout_run_id: string | number }>(
    `UPDATE payout_lines SET status = 'failed', status_reason = $3, updated_at = $4
      WHERE payout_line_id = ANY ($1::bigint[]) AND status = $2
      RETURNING payout_line_id, payout_run_id`,
    [lineIds, from, reason.slice(0, 500), ctx.now()],
  );
  for (const runId of new Set(rows.map((row) => Number(row.payout_run_id)))) {
    await completeRunIfSettled(ctx, tx, runId);
  }
  return rows.map((row) => Number(row.payout_line_id));
}

/** executing → completed once no line of the run is pending, sending or processing (audited). */
export async function completeRunIfSettled(ctx: AppContext, tx: Sql, runId: number): Promise<boolean> {
  const now = ctx.now();
  const { rowCount } = await tx.query(
    `UPDATE payout_runs SET status = 'completed', completed_at = $2, updated_at = $2,
            execution_lease_until = NULL
      WHERE payout_run_id = $1 AND status = 'executing'
        AND NOT EXISTS (SELECT 1 FROM payout_lines l
                         WHERE l.payout_run_id = $1 AND l.status IN ('pending', 'sending', 'processing'))`,
    [runId, now],
  );
  if (!rowCount) return false;
  ctx.logger.info({ runId }, 'payout run completed');
  const { rows } = await tx.query<{ paid: string | number; failed: string | number }>(
    `SELECT count(*) FILTER (WHERE status = 'paid') AS paid,
            count(*) FILTER (WHERE status IN ('failed', 'reversed')) AS failed
       FROM payout_lines WHERE payout_run_id = $1`,
    [runId],
  );
  await recordAudit(tx, {
    actorUserId: null,
    action: 'payout.run.complete',
    entityType: 'payout_run',
    entityId: runId,
    fromStatus: 'executing',
    toStatus: 'completed',
    details: { paid: Number(rows[0].paid), failed: Number(rows[0].failed), provider: 'paystack' },
    at: now,
  });
  return true;
}
