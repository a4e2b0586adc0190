import type { Sql } from '../../db/database';

/**
 * What the affiliate's Payouts page reads (issue 28): its own payout lines, and the ledger entries that explain
 * its balances. Every query is by the affiliate's id from the session, never from the request.
 */

/** Line statuses the affiliate sees: money that is on its way, arrived or came back. */
export const AFFILIATE_VISIBLE_LINE_STATUSES = [
  'pending',
  'sending',
  'processing',
  'paid',
  'failed',
  'reversed',
] as const;

/** A draft run's lines are a preview the affiliate does not see: the money is still available. */
const NOT_IN_A_DRAFT_SQL = `NOT EXISTS (SELECT 1 FROM payout_runs r
                                   WHERE r.payout_run_id = l.payout_run_id AND r.status = 'draft')`;

export interface PayoutLineRow {
  line_id: string;
  at: Date;
  gross: string;
  deductions: string;
  net: string;
  bank_name: string | null;
  account_last4: string | null;
  status: string;
  status_reason: string | null;
}

/** One page of the affiliate's payouts, newest first: paid ones by when they were paid, others by creation. */
export async function pagePayoutLines(
  sql: Sql,
  affiliateId: number,
  pageNo: number,
  pageSize: number,
): Promise<{ rows: PayoutLineRow[]; totalCount: number }> {
  const { rows } = await sql.query<PayoutLineRow & { total: string }>(
    `SELECT l.payout_line_id::text AS line_id, coalesce(l.paid_at, l.created_at) AS at,
            l.gross::text AS gross, l.deductions::text AS deductions, l.net::text AS net,
            l.bank_name, l.account_last4, l.status, l.status_reason,
            count(*) OVER ()::text AS total
       FROM payout_lines l
      WHERE l.affiliate_id = $1 AND l.status = ANY ($2::text[]) AND ${NOT_IN_A_DRAFT_SQL}
      ORDER BY coalesce(l.paid_at, l.created_at) DESC, l.payout_line_id DESC
      LIMIT $3 OFFSET $4`,
    [affiliateId, AFFILIATE_VISIBLE_LINE_STATUSES, pageSize, (pageNo - 1) * pageSize],
  );
  const totalCount = rows.length
    ? Number(rows[0].total)
    : pageNo > 1
      ? await countPayoutLines(sql, affiliateId)
      : 0;
  return { rows, totalCount };
}

async function countPayoutLines(sql: Sql, affiliateId: number): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM payout_lines l
      WHERE l.affiliate_id = $1 AND l.status = ANY ($2::text[]) AND ${NOT_IN_A_DRAFT_SQL}`,
    [affiliateId, AFFILIATE_VISIBLE_LINE_STATUSES],
  );
  return Number(rows[0].n);
}

/** Net of the affiliate's lines paid since the start of the business year (naira text, exact). */
export async function paidSince(sql: Sql, affiliateId: number, since: Date): Promise<string> {
  const { rows } = await sql.query<{ net: string }>(
    `SELECT coalesce(sum(net), 0)::numeric(16, 2)::text AS net
       FROM payout_lines WHERE affiliate_id = $1 AND status = 'paid' AND paid_at >= $2`,
    [affiliateId, since],
  );
  return rows[0].net;
}

/** A line of the affiliate's, as its remittance advice shows it; undefined when not its own or not shown. */
export interface AdviceLine {
  line_id: string;
  reference: string | null;
  status: string;
  gross: string;
  deductions: string;
  net: string;
  bank_name: string | null;
  account_last4: string | null;
  account_name: string | null;
  at: Date;
  withholding_percent: string | null;
  affiliate_code: string;
  full_name: string;
}

export async function findAdviceLine(
  sql: Sql,
  affiliateId: number,
  lineId: string,
): Promise<AdviceLine | undefined> {
  const { rows } = await sql.query<AdviceLine>(
    `SELECT l.payout_line_id::text AS line_id, l.reference, l.status, l.gross::text, l.deductions::text,
            l.net::text, l.bank_name, l.account_last4, l.account_name,
            coalesce(l.paid_at, l.created_at) AS at, r.withholding_percent::text, a.affiliate_code, a.full_name
       FROM payout_lines l
       JOIN affiliates a ON a.affiliate_id = l.affiliate_id
       LEFT JOIN payout_runs r ON r.payout_run_id = l.payout_run_id
      WHERE l.payout_line_id = $2::bigint AND l.affiliate_id = $1 AND l.status = ANY ($3::text[])
        AND ${NOT_IN_A_DRAFT_SQL}`,
    [affiliateId, lineId, AFFILIATE_VISIBLE_LINE_STATUSES],
  );
  return rows[0];
}

export interface AdviceEntryRow {
  entry_id: string;
  kind: string;
  order_code: string;
  order_day: string;
  amount: string;
  reason: string;
}

/** The entries a line pays, in entry order (each order's commission, then its adjustments and clawbacks). */
export async function adviceEntries(sql: Sql, lineId: string): Promise<AdviceEntryRow[]> {
  const { rows } = await sql.query<AdviceEntryRow>(
    `SELECT e.entry_id::text, e.kind, o.order_code, to_char(o.order_date, 'YYYY-MM-DD') AS order_day,
            e.amount::text AS amount, e.reason
       FROM payout_line_entries p
       JOIN commission_entries e ON e.entry_id = p.entry_id
       JOIN orders o ON o.order_id = e.order_id
      WHERE p.payout_line_id = $1::bigint
      ORDER BY o.order_date, o.order_id, e.entry_id`,
    [lineId],
  );
  return rows;
}
