import { checkAffiliateTransition } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { forbidden } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { lockRatesShared } from '../commission';
import { revokeSessions } from '../users';

/**
 * The orders a case names, credited to its affiliate: the orders of its evidence (threshold gaming,
 * cancellations), the orders of its retailers (self-dealing, re-homing: each side its own), and the orders of
 * each burst's day or week (of the burst's retailer when it names one). Identity cases (shared account, mobile,
 * BVN/NIN) name affiliates, not orders: nothing to withdraw, deactivation is their remedy.
 */
const CASE_ORDERS_SQL = `
  WITH evidence AS (
    SELECT c.affiliate_id, r.value AS row
      FROM risk_cases c CROSS JOIN LATERAL jsonb_array_elements(coalesce(c.evidence -> 'rows', '[]'::jsonb)) r
     WHERE c.case_id = $1)
  SELECT o.order_id FROM evidence v JOIN orders o ON o.affiliate_id = v.affiliate_id
   WHERE v.row ->> 'type' = 'order' AND o.order_id = (v.row ->> 'orderId')::bigint
  UNION
  SELECT o.order_id FROM evidence v JOIN orders o ON o.affiliate_id = v.affiliate_id
   WHERE v.row ->> 'type' = 'retailer' AND o.retailer_id = (v.row ->> 'retailerId')::bigint
  UNION
  SELECT o.order_id FROM evidence v JOIN orders o ON o.affiliate_id = v.affiliate_id
   WHERE v.row ->> 'type' = 'burst'
     AND (v.row ->> 'retailerId' IS NULL OR o.retailer_id = (v.row ->> 'retailerId')::bigint)
     AND o.order_date >= (v.row ->> 'starts')::date
     AND o.order_date < (v.row ->> 'starts')::date + CASE WHEN v.row ->> 'span' = 'week' THEN 7 ELSE 1 END`;

export interface Withdrawal {
  orders: number;
  /** Naira text with two decimals: the commission the orders stood at in the ledger before, now 0. */
  amount: string;
}

/**
 * Withdraws the commission of the case's orders through the ledger, in the caller's transaction (the one that
 * closed the case): the orders become withheld (risk_withheld_orders) and commission_ledger_apply brings their
 * entries to 0 — an unpaid earned entry is reversed, money in a payout is clawed back — with the case as the
 * reason. Taken under the shared rates lock and the orders' row locks, like every writer of orders: a rate
 * upload or an ingestion of the same orders runs wholly before or after.
 */
export async function withdrawCaseCommission(tx: Sql, caseId: number, at: Date): Promise<Withdrawal> {
  await lockRatesShared(tx);
  const { rows: locked } = await tx.query<{ order_id: string; status: string }>(
    `SELECT o.order_id::text, o.status FROM orders o WHERE o.order_id IN (${CASE_ORDERS_SQL})
      ORDER BY o.order_id FOR UPDATE OF o`,
    [caseId],
  );
  if (locked.length === 0) return { orders: 0, amount: '0.00' };
  const ids = locked.map((row) => row.order_id);
  const { rows: withheld } = await tx.query<{ order_id: string }>(
    `INSERT INTO risk_withheld_orders (order_id, case_id, withheld_at)
     SELECT unnest($1::bigint[]), $2, $3 ON CONFLICT (order_id) DO NOTHING RETURNING order_id::text`,
    [ids, caseId, at],
  );
  if (withheld.length === 0) return { orders: 0, amount: '0.00' };
  const newly = withheld.map((row) => row.order_id).sort((a, b) => Number(a) - Number(b));
  const statusOf = new Map(locked.map((row) => [row.order_id, row.status]));
  const { rows: before } = await tx.query<{ amount: string }>(
    `SELECT round(coalesce(sum(amount), 0), 2)::text AS amount FROM commission_entries
      WHERE order_id = ANY ($1::bigint[])`,
    [newly],
  );
  await tx.query("SELECT set_config('portal.ledger_now', $1, true)", [at.toISOString()]);
  await tx.query('SELECT commission_ledger_apply($1::bigint[], $2::text[])', [
    newly,
    newly.map((id) => statusOf.get(id) ?? null),
  ]);
  return { orders: newly.length, amount: before[0].amount };
}

/**
 * Makes the affiliate Inactive as part of a confirmation (the same transition and audit as the status actions
 * of the affiliate screens, spec §4), ending its sessions. False when it already was.
 */
export async function deactivateForCase(
  tx: Sql,
  actor: SessionUser,
  affiliateId: number,
  caseId: number,
  at: Date,
): Promise<boolean> {
  const { rows } = await tx.query<{ status: string; user_id: string }>(
    'SELECT status, user_id::text FROM affiliates WHERE affiliate_id = $1 FOR UPDATE',
    [affiliateId],
  );
  const from = rows[0]?.status;
  if (!from || from === 'Inactive') return false;
  const check = checkAffiliateTransition(actor.roleID, from as never, 'inactivate');
  if (!check.ok) throw forbidden(check.message);
  await tx.query(
    `UPDATE affiliates SET status = 'Inactive', status_before_inactive = status, updated_date = $2
      WHERE affiliate_id = $1`,
    [affiliateId, at],
  );
  await revokeSessions(tx, Number(rows[0].user_id), at);
  await recordAudit(tx, {
    actorUserId: actor.userId,
    action: 'affiliate.inactivate',
    entityType: 'affiliate',
    entityId: affiliateId,
    fromStatus: from,
    toStatus: 'Inactive',
    remark: `Abuse confirmed on risk case ${caseId}`,
    details: { caseId },
    at,
  });
  return true;
}
