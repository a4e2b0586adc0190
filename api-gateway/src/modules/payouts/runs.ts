import {
  OPEN_PAYOUT_RUN_STATUSES,
  PAYOUT_PAGE_SIZE,
  PayoutIneligibleReasons,
  PayoutMessages,
  type ApprovePayoutRunRequest,
  type CreatePayoutRunRequest,
  type MessageResponse,
  type PayoutLine,
  type PayoutLineStatus,
  type PayoutProvider,
  type PayoutRun,
  type PayoutRunDetail,
  type PayoutRunDetailQuery,
  type PayoutRunResponse,
  type PayoutRunsPage,
  type PayoutRunsQuery,
  type PayoutRunStatus,
  type RejectPayoutRunRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { addDays, businessDay, startOfBusinessDay } from '../../lib/business-time';
import type { DataKeyring } from '../../lib/field-crypto';
import { openAccountNumber } from '../../lib/sealed-numbers';
import { recordAudit } from '../audit';
import { accountLabel } from './account-label';
import { eligibilitySql, moneyText, PAYABLE_ENTRY_SQL } from './balances';
import { discardEmptyRuns } from './empty-runs';
import { copyAccounts, FEES_SQL, lastFour } from './line-accounts';
import { configuredPayoutProvider, readSettings } from './settings';

// ---- reading runs and lines --------------------------------------------------------------------------------

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

export async function listRuns(
  ctx: AppContext,
  session: SessionUser,
  query: z.output<typeof PayoutRunsQuery>,
): Promise<PayoutRunsPage> {
  const pageNo = query.page ?? 1;
  const pageSize = query.pageSize ?? PAYOUT_PAGE_SIZE;
  const { rows } = await ctx.db.query<RunRow>(
    `${RUN_SELECT}
      WHERE r.payout_run_id IN (SELECT payout_run_id FROM payout_runs ORDER BY payout_run_id DESC
                                 LIMIT $1 OFFSET $2)
      ORDER BY r.payout_run_id DESC`,
    [pageSize, (pageNo - 1) * pageSize],
  );
  const { rows: counts } = await ctx.db.query<{ total: string; open_id: string | null }>(
    `SELECT count(*)::text AS total,
            (SELECT payout_run_id::text FROM payout_runs WHERE status = ANY ($1::text[]) LIMIT 1) AS open_id
       FROM payout_runs`,
    [OPEN_PAYOUT_RUN_STATUSES],
  );
  return {
    results: rows.map((row) => toRun(row, session.userId)),
    totalCount: Number(counts[0].total),
    pageNo,
    pageSize,
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
}

const LINE_SELECT = `
  SELECT l.payout_line_id::text, a.affiliate_code, a.full_name AS affiliate_name, l.bank_name, l.account_last4,
         l.account_name, l.gross::text, l.deductions::text, l.net::text, l.status, l.status_reason, l.reference,
         l.paid_at, l.updated_at,
         CASE WHEN l.account_last4 IS NULL AND l.status IN ('pending', 'excluded') THEN a.bank_resolved_at IS NOT NULL
              ELSE coalesce(l.account_verified, true) END AS account_verified,
         CASE WHEN l.account_last4 IS NULL AND l.status IN ('pending', 'excluded') THEN a.account_number END AS account_number,
         CASE WHEN l.account_last4 IS NULL AND l.status IN ('pending', 'excluded') THEN a.account_number_sealed END
           AS account_number_sealed
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
  });

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

export async function runDetail(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  query: z.output<typeof PayoutRunDetailQuery>,
): Promise<PayoutRunDetail> {
  const run = await loadRun(ctx.db, runId, session.userId);
  const pageNo = query.page ?? 1;
  const pageSize = query.pageSize ?? PAYOUT_PAGE_SIZE;
  const params: unknown[] = [runId];
  let filter = '';
  if (query.kind === 'eligible') filter += ` AND l.status <> 'ineligible'`;
  if (query.kind === 'ineligible') filter += ` AND l.status = 'ineligible'`;
  if (query.search) {
    params.push(`%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
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
  const line = toLine(ctx.config.dataKeyring);
  return { run, lines: { results: rows.map(line), totalCount: Number(total[0].n), pageNo, pageSize } };
}

// ---- creating a run ----------------------------------------------------------------------------------------

const isUniqueViolation = (error: unknown, index: string) => {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === '23505' && (e.constraint === index || (e.message ?? '').includes(index));
};

async function openRunConflict(sql: Sql): Promise<never> {
  const { rows } = await sql.query<{ payout_run_id: string; status: string }>(
    `SELECT payout_run_id::text, status FROM payout_runs WHERE status = ANY ($1::text[]) LIMIT 1`,
    [OPEN_PAYOUT_RUN_STATUSES],
  );
  throw conflict(
    rows[0]
      ? PayoutMessages.runOpen(Number(rows[0].payout_run_id), rows[0].status)
      : PayoutMessages.runOpen(0, 'open'),
  );
}

/**
 * A new draft run at a cutoff, in one transaction: the run (one open at a time: the partial unique index), a
 * line per affiliate with payable money before the end of the cutoff day (or now, if earlier), from one
 * aggregate: eligible lines with their amounts, ineligible ones with the reason, and the audit row. A draft is a
 * preview and holds no entries (migration 069): submitting it attaches them (`submitRun`).
 */
export async function createRun(
  ctx: AppContext,
  session: SessionUser,
  body: CreatePayoutRunRequest,
): Promise<PayoutRunResponse> {
  const now = ctx.now();
  const today = businessDay(now);
  if (body.cutoff > today)
    throw badRequest(PayoutMessages.cutoffInFuture, { cutoff: PayoutMessages.cutoffInFuture });
  const endOfCutoff = startOfBusinessDay(addDays(body.cutoff, 1));
  const entriesBefore = endOfCutoff < now ? endOfCutoff : now;
  const provider = configuredPayoutProvider(ctx.config);
  try {
    return await ctx.db.transaction(async (tx) => {
      await discardEmptyRuns(tx, session.userId, now);
      const open = await tx.query(`SELECT 1 FROM payout_runs WHERE status = ANY ($1::text[])`, [
        OPEN_PAYOUT_RUN_STATUSES,
      ]);
      if (open.rows.length) await openRunConflict(tx);
      const settings = await readSettings(tx);
      const { rows: runRows } = await tx.query<{ payout_run_id: string }>(
        `INSERT INTO payout_runs (cutoff, provider, minimum_payout, withholding_percent, entries_before, created_by,
                                  created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING payout_run_id::text`,
        [
          body.cutoff,
          provider,
          settings.minimumPayout,
          settings.withholdingPercent,
          entriesBefore,
          session.userId,
          now,
        ],
      );
      const runId = Number(runRows[0].payout_run_id);
      const counts = await insertLines(tx, runId, entriesBefore, { ...settings, provider }, now);
      await recordAudit(tx, {
        actorUserId: session.userId,
        action: 'payout.run.create',
        entityType: 'payout_run',
        entityId: runId,
        toStatus: 'draft',
        details: { cutoff: body.cutoff, provider, ...counts },
        at: now,
      });
      return {
        message: PayoutMessages.runCreated(runId, counts.eligible),
        run: await loadRun(tx, runId, session.userId),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'payout_runs_one_open_idx')) return openRunConflict(ctx.db);
    throw error;
  }
}

/**
 * The draft's lines, in one statement from the eligibility aggregate: amounts and reasons, the bank and the name
 * on the account; the account number is copied at submission. Each line's id is drawn first so that a line to
 * pay is written with its reference (po-<run>-<line>).
 */
async function insertLines(
  tx: Sql,
  runId: number,
  entriesBefore: Date,
  settings: { minimumPayout: string; withholdingPercent: string; provider: PayoutProvider },
  now: Date,
): Promise<{ eligible: number; ineligible: number }> {
  const { rows } = await tx.query<{ eligible: number; ineligible: number }>(
    `WITH written AS (
       INSERT INTO payout_lines (payout_line_id, affiliate_id, status, payout_run_id, reference, gross, deductions,
                                 net, bank_name, bank_code, account_name, status_reason, created_at, updated_at)
       SELECT x.id, x.affiliate_id, line.status, $3::bigint,
              CASE WHEN line.status = 'pending' THEN 'po-' || $3::bigint::text || '-' || x.id::text END,
              x.amount, line.deductions, x.amount - line.deductions, b.bank_name, b.cbn_code, x.bank_account_name,
              x.reason, $5, $5
         FROM (SELECT nextval(pg_get_serial_sequence('payout_lines', 'payout_line_id')) AS id, due.*
                 FROM (${eligibilitySql('true', settings.provider)}) due) x
         JOIN banks b ON b.bank_id = x.bank_id
        CROSS JOIN LATERAL (
          SELECT CASE WHEN x.reason IS NULL THEN 'pending' ELSE 'ineligible' END AS status,
                 CASE WHEN x.reason IS NULL THEN round(x.amount * $4::numeric / 100, 2) ELSE 0 END AS deductions
        ) line
       RETURNING status
     )
     SELECT count(*) FILTER (WHERE status = 'pending')::int AS eligible,
            count(*) FILTER (WHERE status = 'ineligible')::int AS ineligible
       FROM written`,
    [entriesBefore, settings.minimumPayout, runId, settings.withholdingPercent, now],
  );
  return rows[0];
}

interface DraftTerms {
  entries_before: Date;
  minimum_payout: string;
  withholding_percent: string;
  provider: PayoutProvider;
}

/** The affiliates of a run's pending lines, as a condition on `e.affiliate_id` (`runParam`: the run's id). */
const ofPendingLines = (runParam: string) =>
  `e.affiliate_id IN (SELECT l.affiliate_id FROM payout_lines l
                       WHERE l.payout_run_id = ${runParam} AND l.status = 'pending')`;

/**
 * The first half of a submission, while the run is still a draft: the payable entries of its pending lines are
 * locked (in entry order, as the ledger function locks them, so a return committed meanwhile is either seen here
 * or waits), and each pending line is brought to its affiliate's money and standing as of now: its amount, its
 * eligibility (a line that can no longer be paid becomes ineligible with the reason), and the account it pays as
 * it is now. Answers how many lines changed in amount or eligibility.
 */
async function bringDraftUpToDate(ctx: AppContext, tx: Sql, runId: number, now: Date): Promise<number> {
  const { rows: terms } = await tx.query<DraftTerms>(
    `SELECT entries_before, minimum_payout::text, withholding_percent::text, provider
       FROM payout_runs WHERE payout_run_id = $1`,
    [runId],
  );
  const run = terms[0];
  await tx.query(
    `SELECT e.entry_id FROM commission_entries e
      WHERE e.available_at < $1 AND ${PAYABLE_ENTRY_SQL} AND ${ofPendingLines('$2')}
      ORDER BY e.entry_id FOR UPDATE OF e`,
    [run.entries_before, runId],
  );
  const { rows: changed } = await tx.query(
    `WITH due AS (${eligibilitySql(ofPendingLines('$3'), run.provider)}),
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
      run.entries_before,
      run.minimum_payout,
      runId,
      run.withholding_percent,
      now,
      PayoutIneligibleReasons.belowMinimum,
    ],
  );
  await copyAccounts(ctx, tx, runId, now);
  return changed.length;
}

/** The second half, once the run has left 'draft' (migration 069): each pending line holds its entries. */
async function holdEntries(tx: Sql, runId: number): Promise<void> {
  await tx.query(
    `INSERT INTO payout_line_entries (payout_line_id, line_status, entry_id)
     SELECT l.payout_line_id, 'pending', e.entry_id
       FROM payout_runs r
       JOIN payout_lines l ON l.payout_run_id = r.payout_run_id
       JOIN commission_entries e ON e.affiliate_id = l.affiliate_id
      WHERE r.payout_run_id = $1 AND l.status = 'pending' AND e.available_at < r.entries_before
        AND ${PAYABLE_ENTRY_SQL}
      ORDER BY e.entry_id`,
    [runId],
  );
}

// ---- the steps of a run --------------------------------------------------------------------------------------

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

export async function excludeLine(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  lineId: number,
  reason: string,
) {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    const now = ctx.now();
    const { rows: exists } = await tx.query<{ status: string; affiliate_id: string }>(
      'SELECT status, affiliate_id::text FROM payout_lines WHERE payout_line_id = $1 AND payout_run_id = $2',
      [lineId, runId],
    );
    if (!exists[0]) throw notFound(PayoutMessages.lineNotFound);
    if (run.status !== 'draft') throw conflict(PayoutMessages.notDraft);
    const { rowCount } = await tx.query(
      `UPDATE payout_lines SET status = 'excluded', status_reason = $3, updated_at = $4
        WHERE payout_line_id = $1 AND payout_run_id = $2 AND status = 'pending'`,
      [lineId, runId, reason, now],
    );
    if (!rowCount) throw conflict(PayoutMessages.lineNotPending);
    const line = await loadLine(ctx, tx, runId, lineId);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.line.exclude',
      entityType: 'payout_line',
      entityId: lineId,
      fromStatus: 'pending',
      toStatus: 'excluded',
      remark: reason,
      details: { runId, affiliateCode: line.affiliateCode, gross: line.gross },
      at: now,
    });
    return { message: PayoutMessages.lineExcluded, line, run: await loadRun(tx, runId, session.userId) };
  });
}

export async function submitRun(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
): Promise<PayoutRunResponse> {
  const submitted = await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.createdBy !== session.userId) throw forbidden(PayoutMessages.onlyCreatorSubmits);
    if (run.status !== 'draft') throw conflict(PayoutMessages.notDraft);
    const now = ctx.now();
    // The draft's lines were just written (tens of thousands at scale) and the last run's entries may be unseen
    // by the statistics: planned as one row, the lines' join with the sums ran each sum once per line (over 8
    // minutes at 31k lines; bench/payout-run.bench.ts). ANALYZE samples a bounded number of rows.
    await tx.query('ANALYZE payout_lines, payout_line_entries');
    const changed = await bringDraftUpToDate(ctx, tx, runId, now);
    const { rows: toPay } = await tx.query(
      `SELECT 1 FROM payout_lines WHERE payout_run_id = $1 AND status = 'pending' LIMIT 1`,
      [runId],
    );
    if (!toPay.length) throw conflict(PayoutMessages.nothingToPay);
    await tx.query(
      `UPDATE payout_runs SET status = 'submitted', submitted_at = $2, updated_at = $2
        WHERE payout_run_id = $1 AND status = 'draft'`,
      [runId, now],
    );
    await holdEntries(tx, runId);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.submit',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'draft',
      toStatus: 'submitted',
      details: { linesChangedSinceDraft: changed },
      at: now,
    });
    return {
      message: changed ? PayoutMessages.submittedWithChanges(changed) : PayoutMessages.submitted,
      run: await loadRun(tx, runId, session.userId),
    };
  });
  // A submission adds a row per entry it pays (hundreds of thousands at scale): without fresh statistics the
  // lines' status cascade onto them was planned for an empty table, and the first reject of a 31k-line run ran
  // past 5 minutes (bench/payout-run.bench.ts). Best effort: the run is already submitted.
  await ctx.db.query('ANALYZE payout_line_entries, payout_lines').catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'could not analyse the payout tables after a submission');
  });
  return submitted;
}

/**
 * A draft is discarded by any admin with the right (its creator, or another when the creator is away: one open
 * run at a time, so a forgotten draft would block every run). It holds no entries, so its lines and the run go;
 * Recent Activity keeps the audit row.
 */
export async function discardRun(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
): Promise<MessageResponse> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.status !== 'draft') throw conflict(PayoutMessages.notDraft);
    const now = ctx.now();
    const { rows } = await tx.query<{ n: string }>(
      `WITH gone AS (DELETE FROM payout_lines WHERE payout_run_id = $1 RETURNING 1)
       SELECT count(*)::text AS n FROM gone`,
      [runId],
    );
    await tx.query(`DELETE FROM payout_runs WHERE payout_run_id = $1 AND status = 'draft'`, [runId]);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.discard',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'draft',
      details: { lines: Number(rows[0].n) },
      at: now,
    });
    return { message: PayoutMessages.discarded(runId) };
  });
}

/**
 * Four eyes: another admin than the creator decides a submitted run, by one conditional UPDATE (status
 * 'submitted' and created_by <> the decider; the CHECK decided_by <> created_by holds it in SQL too), so two
 * decisions at once give one. Approved bank-file runs start at once: pending lines -> processing, run ->
 * executing (the bank file is then theirs to download); Paystack runs wait for Pay now.
 */
export async function approveRun(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  body: ApprovePayoutRunRequest,
): Promise<PayoutRunResponse> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.createdBy === session.userId) throw forbidden(PayoutMessages.creatorCannotApprove);
    const { rows: pending } = await tx.query(
      `SELECT 1 FROM payout_lines WHERE payout_run_id = $1 AND status = 'pending' LIMIT 1`,
      [runId],
    );
    if (run.status === 'submitted' && pending.length === 0) throw conflict(PayoutMessages.nothingToPay);
    const now = ctx.now();
    const to: PayoutRunStatus = run.provider === 'bank-file' ? 'executing' : 'approved';
    const { rowCount } = await tx.query(
      `UPDATE payout_runs
          SET status = $2, decided_by = $3, decided_at = $4, decision_remark = $5, updated_at = $4,
              executed_by = CASE WHEN $2 = 'executing' THEN $3::bigint END,
              executed_at = CASE WHEN $2 = 'executing' THEN $4::timestamptz END
        WHERE payout_run_id = $1 AND status = 'submitted' AND created_by <> $3`,
      [runId, to, session.userId, now, body.remark || null],
    );
    if (!rowCount) throw conflict(PayoutMessages.notSubmitted);
    if (to === 'executing') {
      await tx.query(
        `UPDATE payout_lines SET status = 'processing', updated_at = $2
          WHERE payout_run_id = $1 AND status = 'pending'`,
        [runId, now],
      );
    }
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.approve',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'submitted',
      toStatus: to,
      remark: body.remark || null,
      details: { provider: run.provider },
      at: now,
    });
    return {
      message:
        run.provider === 'bank-file' ? PayoutMessages.approvedBankFile : PayoutMessages.approvedPaystack,
      run: await loadRun(tx, runId, session.userId),
    };
  });
}

export async function rejectRun(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  body: RejectPayoutRunRequest,
): Promise<PayoutRunResponse> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.createdBy === session.userId) throw forbidden(PayoutMessages.creatorCannotReject);
    const now = ctx.now();
    const { rowCount } = await tx.query(
      `UPDATE payout_runs SET status = 'rejected', decided_by = $2, decided_at = $3, decision_remark = $4,
              updated_at = $3
        WHERE payout_run_id = $1 AND status = 'submitted' AND created_by <> $2`,
      [runId, session.userId, now, body.remark],
    );
    if (!rowCount) throw conflict(PayoutMessages.notSubmitted);
    // The lines paid nothing, so what they held is let go rather than kept as 'cancelled' (the status cascade
    // rewrote every link: ~480k rows and 18-33 s at 50k affiliates; bench/payout-run.bench.ts).
    await tx.query(
      `DELETE FROM payout_line_entries p USING payout_lines l
        WHERE p.payout_line_id = l.payout_line_id AND l.payout_run_id = $1 AND l.status = 'pending'`,
      [runId],
    );
    await tx.query(
      `UPDATE payout_lines SET status = 'cancelled', status_reason = $2, updated_at = $3
        WHERE payout_run_id = $1 AND status = 'pending'`,
      [runId, `Run rejected: ${body.remark}`.slice(0, 500), now],
    );
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.reject',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'submitted',
      toStatus: 'rejected',
      remark: body.remark,
      at: now,
    });
    return { message: PayoutMessages.rejected, run: await loadRun(tx, runId, session.userId) };
  });
}

/**
 * Pay now (Paystack runs): approved -> executing by one conditional UPDATE, so of two admins pressing it at
 * once one wins and the other gets 409. The payout job (paytransfer) sends the transfers.
 */
export async function executeRun(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
): Promise<PayoutRunResponse> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.provider !== 'paystack') throw conflict(PayoutMessages.notPaystack);
    const now = ctx.now();
    const { rowCount } = await tx.query(
      `UPDATE payout_runs SET status = 'executing', executed_by = $2, executed_at = $3, provider_message = NULL,
              updated_at = $3
        WHERE payout_run_id = $1 AND status = 'approved' AND provider = 'paystack'`,
      [runId, session.userId, now],
    );
    if (!rowCount) throw conflict(PayoutMessages.notApproved);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.execute',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'approved',
      toStatus: 'executing',
      at: now,
    });
    return { message: PayoutMessages.executing, run: await loadRun(tx, runId, session.userId) };
  });
}
