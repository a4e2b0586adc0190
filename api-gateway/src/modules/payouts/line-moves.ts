import type { Sql } from '../../db/database';
import { recordAudit } from '../audit';
import { notifyLinePaid, notifyLineReversed } from './notify-paid';

/**
 * The moves of a payout line after approval, shared by the bank result, marking by hand and Paystack (webhook,
 * reconciler). Each is one conditional UPDATE (forward only; the trigger of 061 holds the same rule): a repeated
 * or older outcome matches no row and changes nothing. They answer whether the line moved.
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
