import {
  OPEN_PAYOUT_RUN_STATUSES,
  PayoutMessages,
  type PayoutLine,
  type PayoutLineStatus,
  type PayoutProvider,
  type PayoutRun,
  type PayoutRunStatus,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { notFound } from '../../http/errors';
import type { DataKeyring } from '../../lib/field-crypto';
import { openAccountNumber } from '../../lib/sealed-numbers';
import { accountLabel } from './account-label';
import { moneyText } from './ledger/balances';
import { FEES_SQL, lastFour } from './line-accounts';
import { LINE_UNDER_RISK_REVIEW_SQL } from './risk-hold-sql';

// The reads of payout runs and their lines (the admin's Payouts screens), and the lock every step of a run takes.
// The steps themselves: run-steps.ts and create-run.ts; every status they write: status-moves.ts.

interface RunRow {
  payout_run_id: string;
  cutoff: string;
  status: PayoutRunStatus;
  provider: PayoutProvider;
  minimum_payout: string;
  withholding_percent: string;
  created_by: string;
  created_by_name: string | null;
  created_at: Date | string;
  submitted_at: Date | string | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  decision_remark: string | null;
  executed_at: Date | string | null;
  provider_message: string | null;
  completed_at: Date | string | null;
  count: string;
  gross: string;
  deductions: string;
  net: string;
  fees: string | null;
  line_counts: Record<string, number> | string | null;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** Lines that pay, for the totals: not ineligible, excluded nor cancelled. */
const PAYING_STATUSES_SQL = `('pending', 'sending', 'processing', 'paid', 'failed', 'reversed')`;

const RUN_SELECT = `
  SELECT r.payout_run_id::text, to_char(r.cutoff, 'YYYY-MM-DD') AS cutoff, r.status, r.provider,
         r.minimum_payout::text, r.withholding_percent::text, r.created_by::text, cu.full_name AS created_by_name,
         r.created_at, r.submitted_at, du.full_name AS decided_by_name, r.decided_at, r.decision_remark,
         r.executed_at, r.provider_message, r.completed_at,
         t.count::text, t.gross, t.deductions, t.net, t.fees, t.line_counts
    FROM payout_runs r
    LEFT JOIN users cu ON cu.user_id = r.created_by
    LEFT JOIN users du ON du.user_id = r.decided_by
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE l.status IN ${PAYING_STATUSES_SQL}) AS count,
             ${moneyText(`sum(l.gross) FILTER (WHERE l.status IN ${PAYING_STATUSES_SQL})`)} AS gross,
             ${moneyText(`sum(l.deductions) FILTER (WHERE l.status IN ${PAYING_STATUSES_SQL})`)} AS deductions,
             ${moneyText(`sum(l.net) FILTER (WHERE l.status IN ${PAYING_STATUSES_SQL})`)} AS net,
             (SELECT json_object_agg(c.status, c.n) FROM (
                SELECT l2.status, count(*)::int AS n FROM payout_lines l2
                 WHERE l2.payout_run_id = r.payout_run_id GROUP BY l2.status) c) AS line_counts,
             ${FEES_SQL} AS fees
        FROM payout_lines l WHERE l.payout_run_id = r.payout_run_id
    ) t`;

function toRun(row: RunRow, viewerUserId: number): PayoutRun {
  const counts =
    typeof row.line_counts === 'string'
      ? (JSON.parse(row.line_counts) as Record<string, number>)
      : (row.line_counts ?? {});
  return {
    runId: Number(row.payout_run_id),
    cutoff: row.cutoff,
    status: row.status,
    provider: row.provider,
    minimumPayout: row.minimum_payout,
    withholdingPercent: row.withholding_percent,
    createdBy: row.created_by_name,
    createdByMe: Number(row.created_by) === viewerUserId,
    createdAt: new Date(row.created_at).toISOString(),
    submittedAt: iso(row.submitted_at),
    decidedBy: row.decided_by_name,
    decidedAt: iso(row.decided_at),
    decisionRemark: row.decision_remark,
    executedAt: iso(row.executed_at),
    providerMessage: row.provider_message,
    completedAt: iso(row.completed_at),
    totals: {
      count: Number(row.count),
      gross: row.gross,
      deductions: row.deductions,
      net: row.net,
      fees: row.fees,
    },
    lineCounts: counts as PayoutRun['lineCounts'],
  };
}

export async function loadRun(sql: Sql, runId: number, viewerUserId: number): Promise<PayoutRun> {
  const { rows } = await sql.query<RunRow>(`${RUN_SELECT} WHERE r.payout_run_id = $1`, [runId]);
  if (!rows[0]) throw notFound(PayoutMessages.runNotFound);
  return toRun(rows[0], viewerUserId);
}

/** A page of runs, newest first, and the open run's id (one at a time). */
export async function runsPage(
  sql: Sql,
  viewerUserId: number,
  pageNo: number,
  pageSize: number,
): Promise<{ runs: PayoutRun[]; totalCount: number; openRunId: number | null }> {
  const { rows } = await sql.query<RunRow>(
    `${RUN_SELECT}
      WHERE r.payout_run_id IN (SELECT payout_run_id FROM payout_runs ORDER BY payout_run_id DESC
                                 LIMIT $1 OFFSET $2)
      ORDER BY r.payout_run_id DESC`,
    [pageSize, (pageNo - 1) * pageSize],
  );
  const { rows: counts } = await sql.query<{ total: string; open_id: string | null }>(
    `SELECT count(*)::text AS total,
            (SELECT payout_run_id::text FROM payout_runs WHERE status = ANY ($1::text[]) LIMIT 1) AS open_id
       FROM payout_runs`,
    [OPEN_PAYOUT_RUN_STATUSES],
  );
  return {
    runs: rows.map((row) => toRun(row, viewerUserId)),
    totalCount: Number(counts[0].total),
    openRunId: counts[0].open_id === null ? null : Number(counts[0].open_id),
  };
}

interface LineRow {
  payout_line_id: string;
  affiliate_code: string;
  affiliate_name: string | null;
  bank_name: string | null;
  account_last4: string | null;
  account_name: string | null;
  gross: string;
  deductions: string;
  net: string;
  status: PayoutLineStatus;
  status_reason: string | null;
  reference: string | null;
  paid_at: Date | string | null;
  updated_at: Date | string;
  /** A draft's line (pending, or excluded from it) has no account copied yet: the affiliate's account now, to show. */
  account_number: string | null;
  account_number_sealed: string | null;
  account_verified: boolean;
  under_risk_review: boolean;
}

const LINE_SELECT = `
  SELECT l.payout_line_id::text, a.affiliate_code, a.full_name AS affiliate_name, l.bank_name, l.account_last4,
         l.account_name, l.gross::text, l.deductions::text, l.net::text, l.status, l.status_reason, l.reference,
         l.paid_at, l.updated_at,
         CASE WHEN l.account_last4 IS NULL AND l.status IN ('pending', 'excluded') THEN a.bank_resolved_at IS NOT NULL
              ELSE coalesce(l.account_verified, true) END AS account_verified,
         CASE WHEN l.account_last4 IS NULL AND l.status IN ('pending', 'excluded') THEN a.account_number END AS account_number,
         CASE WHEN l.account_last4 IS NULL AND l.status IN ('pending', 'excluded') THEN a.account_number_sealed END
           AS account_number_sealed,
         ${LINE_UNDER_RISK_REVIEW_SQL} AS under_risk_review
    FROM payout_lines l JOIN affiliates a ON a.affiliate_id = l.affiliate_id`;

const toLine =
  (keyring: DataKeyring) =>
  (row: LineRow): PayoutLine => ({
    lineId: Number(row.payout_line_id),
    affiliateCode: row.affiliate_code,
    affiliateName: row.affiliate_name,
    account: accountLabel(row.bank_name, row.account_last4 ?? lastFour(openAccountNumber(keyring, row))),
    accountName: row.account_name,
    accountVerified: row.account_verified,
    gross: row.gross,
    deductions: row.deductions,
    net: row.net,
    status: row.status,
    reason: row.status_reason,
    reference: row.reference,
    paidAt: iso(row.paid_at),
    updatedAt: new Date(row.updated_at).toISOString(),
    underRiskReview: row.under_risk_review,
  });

/** The line's affiliate, or 404 when the run has no such line (under the run's lock, taken before). */
export async function lineAffiliateOf(sql: Sql, runId: number, lineId: number): Promise<number> {
  const { rows } = await sql.query<{ affiliate_id: string }>(
    'SELECT affiliate_id::text FROM payout_lines WHERE payout_line_id = $1 AND payout_run_id = $2',
    [lineId, runId],
  );
  if (!rows[0]) throw notFound(PayoutMessages.lineNotFound);
  return Number(rows[0].affiliate_id);
}

export async function loadLine(
  ctx: AppContext,
  sql: Sql,
  runId: number,
  lineId: number,
): Promise<PayoutLine> {
  const { rows } = await sql.query<LineRow>(
    `${LINE_SELECT} WHERE l.payout_line_id = $1 AND l.payout_run_id = $2`,
    [lineId, runId],
  );
  if (!rows[0]) throw notFound(PayoutMessages.lineNotFound);
  return toLine(ctx.config.dataKeyring)(rows[0]);
}

/** What the run's screen filters its lines by. */
export interface LineFilter {
  kind?: 'eligible' | 'ineligible';
  search?: string;
}

/** A page of a run's lines (eligible first, the largest first) and how many match. */
export async function linesPage(
  ctx: AppContext,
  runId: number,
  filterBy: LineFilter,
  pageNo: number,
  pageSize: number,
): Promise<{ lines: PayoutLine[]; totalCount: number }> {
  const params: unknown[] = [runId];
  let filter = '';
  if (filterBy.kind === 'eligible') filter += ` AND l.status <> 'ineligible'`;
  if (filterBy.kind === 'ineligible') filter += ` AND l.status = 'ineligible'`;
  if (filterBy.search) {
    params.push(`%${filterBy.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    filter += ` AND lower(a.affiliate_code || ' ' || a.full_name) LIKE $${params.length}`;
  }
  const { rows: total } = await ctx.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM payout_lines l JOIN affiliates a ON a.affiliate_id = l.affiliate_id
      WHERE l.payout_run_id = $1 ${filter}`,
    params,
  );
  params.push(pageSize, (pageNo - 1) * pageSize);
  const { rows } = await ctx.db.query<LineRow>(
    `${LINE_SELECT} WHERE l.payout_run_id = $1 ${filter}
      ORDER BY (l.status = 'ineligible'), l.net DESC, l.payout_line_id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { lines: rows.map(toLine(ctx.config.dataKeyring)), totalCount: Number(total[0].n) };
}

// ---- the lock of every step ----------------------------------------------------------------------------------

interface LockedRun {
  status: PayoutRunStatus;
  provider: PayoutProvider;
  createdBy: number;
}

/** The run's row, locked for the rest of the transaction (every step of a run queues behind the others). */
export async function lockRun(tx: Sql, runId: number): Promise<LockedRun> {
  const { rows } = await tx.query<{ status: PayoutRunStatus; provider: PayoutProvider; created_by: string }>(
    `SELECT status, provider, created_by::text FROM payout_runs WHERE payout_run_id = $1 FOR UPDATE`,
    [runId],
  );
  if (!rows[0]) throw notFound(PayoutMessages.runNotFound);
  return { status: rows[0].status, provider: rows[0].provider, createdBy: Number(rows[0].created_by) };
}

/** The open run (draft, submitted, approved or executing), if any: one at a time (payout_runs_one_open_idx). */
export async function openRun(sql: Sql): Promise<{ runId: number; status: string } | null> {
  const { rows } = await sql.query<{ payout_run_id: string; status: string }>(
    `SELECT payout_run_id::text, status FROM payout_runs WHERE status = ANY ($1::text[]) LIMIT 1`,
    [OPEN_PAYOUT_RUN_STATUSES],
  );
  return rows[0] ? { runId: Number(rows[0].payout_run_id), status: rows[0].status } : null;
}

/** Whether the run has a line still to pay (pending). */
export async function hasPendingLine(sql: Sql, runId: number): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM payout_lines WHERE payout_run_id = $1 AND status = 'pending' LIMIT 1`,
    [runId],
  );
  return rows.length > 0;
}
