import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { completeRunIfSettled, markLineFailed, markLinePaid, markLineReversed } from '../payouts';
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
 * Moves the line with this reference forward to what Paystack says, inside `tx`, through the payouts module's
 * shared moves (one conditional UPDATE each: a repeated or older state matches no row and changes nothing;
 * paid queues the paid notice in the same transaction). 'processing' (Paystack has it) only from 'sending',
 * keeping the transfer code. A failed or reversed line leaves the live statuses, so its entries are free
 * (available) again. Then the run completes if no line is left waiting. Returns what changed, or null.
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
  const lineId = Number(current[0].payout_line_id);
  // Reversed before we ever saw it paid: the money did not stay with the affiliate, the line failed.
  if (target === 'reversed' && current[0].status !== 'paid') target = 'failed';
  const change = {
    reason: reasonFor(target, state),
    transferCode: state.transferCode,
    fee: state.fee ?? null,
    at: now,
  };
  let moved: { runId: number } | null;
  if (target === 'paid') moved = await markLinePaid(tx, lineId, change);
  else if (target === 'failed') moved = await markLineFailed(tx, lineId, change);
  else if (target === 'reversed') moved = await markLineReversed(tx, lineId, change);
  else {
    const { rows } = await tx.query<{ payout_run_id: string | number }>(
      `UPDATE payout_lines SET status = 'processing', provider_transfer_code = coalesce($2, provider_transfer_code),
              provider_fee = coalesce($4::numeric, provider_fee), updated_at = $3
        WHERE payout_line_id = $1 AND status = 'sending'
        RETURNING payout_run_id`,
      [lineId, state.transferCode, now, state.fee ?? null],
    );
    moved = rows[0] ? { runId: Number(rows[0].payout_run_id) } : null;
  }
  if (!moved) return null;
  await settleRun(ctx, tx, moved.runId);
  return { lineId, runId: moved.runId, status: target };
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
  const now = ctx.now();
  const { rows } = await tx.query<{ payout_line_id: string | number; payout_run_id: string | number }>(
    `UPDATE payout_lines SET status = 'failed', status_reason = $3, updated_at = $4
      WHERE payout_line_id = ANY ($1::bigint[]) AND status = $2
      RETURNING payout_line_id, payout_run_id`,
    [lineIds, from, reason.slice(0, 500), now],
  );
  for (const runId of new Set(rows.map((row) => Number(row.payout_run_id)))) {
    await settleRun(ctx, tx, runId);
  }
  return rows.map((row) => Number(row.payout_line_id));
}

/** executing → completed once no line waits (the payouts module's rule, audited there), logged here. */
export async function settleRun(ctx: AppContext, tx: Sql, runId: number): Promise<boolean> {
  const completed = await completeRunIfSettled(tx, runId, ctx.now());
  if (completed) ctx.logger.info({ runId }, 'payout run completed');
  return completed;
}
