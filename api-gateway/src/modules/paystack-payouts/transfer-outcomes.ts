import { PayoutMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { recordAudit } from '../audit';
import {
  completeRunIfSettled,
  failLinesNotSent,
  markLineFailed,
  markLinePaid,
  markLineProcessing,
  markLineReversed,
  nairaText,
  PAYSTACK_RAIL,
} from '../payouts';
import type { TransferState } from '../../lib/paystack-client';

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
  const { rows: current } = await tx.query<LineNow>(
    `SELECT l.payout_line_id, l.status, l.net::text AS net, l.payout_run_id, a.affiliate_code
       FROM payout_lines l
       JOIN payout_runs r ON r.payout_run_id = l.payout_run_id
       JOIN affiliates a ON a.affiliate_id = l.affiliate_id
      WHERE l.reference = $1 AND r.provider = $2
      FOR UPDATE OF l`,
    [state.reference, PAYSTACK_RAIL.id],
  );
  if (current.length === 0) return null;
  const line = current[0];
  const lineId = Number(line.payout_line_id);
  // Reversed before we ever saw it paid: the money did not stay with the affiliate, the line failed.
  if (target === 'reversed' && line.status !== 'paid') target = 'failed';
  if (target === 'paid') {
    const mismatch = moneyMismatch(state, line.net);
    if (mismatch) {
      await recordMismatch(ctx, tx, line, state, mismatch);
      return null;
    }
  }
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
  else moved = await markLineProcessing(tx, lineId, change);
  if (!moved) return null;
  if (target !== 'processing') {
    // Issue 48: each line Paystack settles has its own row in the audit trail, beside the run's.
    await recordAudit(tx, {
      actorUserId: null,
      action: `payout.line.${target}`,
      entityType: 'payout_line',
      entityId: lineId,
      fromStatus: line.status,
      toStatus: target,
      remark: change.reason,
      details: {
        runId: moved.runId,
        affiliateCode: line.affiliate_code,
        reference: state.reference,
        source: PAYSTACK_RAIL.id,
        ...(state.transferCode ? { transferCode: state.transferCode } : {}),
      },
      at: now,
    });
  }
  await settleRun(ctx, tx, moved.runId);
  return { lineId, runId: moved.runId, status: target };
}

interface LineNow {
  payout_line_id: string | number;
  status: string;
  net: string;
  payout_run_id: string | number;
  affiliate_code: string;
}

/** A numeric(…, 2) column's text ('1234.50') in kobo, exactly. */
const koboOf = (naira: string): bigint => BigInt(Number(naira).toFixed(2).replace('.', ''));

function nairaOfKobo(kobo: number): string {
  const abs = Math.abs(kobo);
  return nairaText(`${kobo < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/**
 * Issue 48: what is wrong with a success's stated amount or currency against the line's net in naira, or null
 * when both match (or the answer, e.g. the bulk call's, does not state them).
 */
function moneyMismatch(state: TransferState, net: string): string | null {
  const amountWrong =
    state.amountKobo !== undefined && (state.amountKobo === null || BigInt(state.amountKobo) !== koboOf(net));
  const currencyWrong = state.currency !== undefined && state.currency?.toUpperCase() !== 'NGN';
  if (!amountWrong && !currencyWrong) return null;
  const amount = typeof state.amountKobo === 'number' ? nairaOfKobo(state.amountKobo) : 'an unstated amount';
  const currency = state.currency ? state.currency.toUpperCase() : 'no currency';
  return PayoutMessages.providerMismatch(`${amount} (${currency})`, `${nairaText(net)} (NGN)`).slice(0, 500);
}

/**
 * The line stays where it is (not paid); the mismatch is its reason, shown on the run page, and one audit row
 * says what Paystack reported. A repeat of the same report changes nothing and adds no row, nor does a report
 * for a line no longer waiting (a wrong one landing just after the true success must not label it not paid).
 */
async function recordMismatch(ctx: AppContext, tx: Sql, line: LineNow, state: TransferState, reason: string) {
  const now = ctx.now();
  const { rowCount } = await tx.query(
    `UPDATE payout_lines SET status_reason = $2, updated_at = $3
      WHERE payout_line_id = $1 AND status IN ('sending', 'processing') AND status_reason IS DISTINCT FROM $2`,
    [line.payout_line_id, reason, now],
  );
  if (!rowCount) return;
  await recordAudit(tx, {
    actorUserId: null,
    action: 'payout.line.mismatch',
    entityType: 'payout_line',
    entityId: Number(line.payout_line_id),
    fromStatus: line.status,
    toStatus: line.status,
    remark: reason,
    details: {
      runId: Number(line.payout_run_id),
      affiliateCode: line.affiliate_code,
      reference: state.reference,
      reportedAmountKobo: state.amountKobo ?? null,
      reportedCurrency: state.currency ?? null,
      expectedNet: line.net,
      source: PAYSTACK_RAIL.id,
    },
    at: now,
  });
  ctx.logger.warn(
    { reference: state.reference, line: Number(line.payout_line_id) },
    'paystack amount mismatch',
  );
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
  const failed = await failLinesNotSent(tx, lineIds, from, reason, ctx.now());
  for (const runId of new Set(failed.map((line) => line.runId))) {
    await settleRun(ctx, tx, runId);
  }
  return failed.map((line) => line.lineId);
}

/** executing → completed once no line waits (the payouts module's rule, audited there), logged here. */
export async function settleRun(ctx: AppContext, tx: Sql, runId: number): Promise<boolean> {
  const completed = await completeRunIfSettled(tx, runId, ctx.now());
  if (completed) ctx.logger.info({ runId }, 'payout run completed');
  return completed;
}
