import type { PayoutProvider } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { PAYABLE_ENTRY_SQL } from './ledger/balances';
import { eligibilitySql } from './eligibility';
import { copyAccounts } from './line-accounts';
import { restatePendingLines } from './status-moves';

// The statements of a draft run: its lines written from eligibility, brought up to date at submission, the
// entries they hold from then on, and a discarded draft's rows.

/**
 * The draft's lines, in one statement from the eligibility aggregate: amounts and reasons, the bank and the name
 * on the account; the account number is copied at submission. Each line's id is drawn first so that a line to
 * pay is written with its reference (po-<run>-<line>).
 */
export async function writeDraftLines(
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
export async function bringDraftUpToDate(
  ctx: AppContext,
  tx: Sql,
  runId: number,
  now: Date,
): Promise<number> {
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
  const changed = await restatePendingLines(tx, runId, {
    due: eligibilitySql(ofPendingLines('$3'), run.provider),
    entriesBefore: run.entries_before,
    minimumPayout: run.minimum_payout,
    withholdingPercent: run.withholding_percent,
    now,
  });
  await copyAccounts(ctx, tx, runId, now);
  return changed;
}

/** The second half, once the run has left 'draft' (migration 069): each pending line holds its entries. */
export async function holdEntries(tx: Sql, runId: number): Promise<void> {
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

/** A discarded draft's lines and row (it holds no entries); answers how many lines went. */
export async function deleteDraft(tx: Sql, runId: number): Promise<number> {
  const { rows } = await tx.query<{ n: string }>(
    `WITH gone AS (DELETE FROM payout_lines WHERE payout_run_id = $1 RETURNING 1)
     SELECT count(*)::text AS n FROM gone`,
    [runId],
  );
  await tx.query(`DELETE FROM payout_runs WHERE payout_run_id = $1 AND status = 'draft'`, [runId]);
  return Number(rows[0].n);
}
