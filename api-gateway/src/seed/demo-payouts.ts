import type { AppConfig } from '../config';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/session';
import { businessDay } from '../lib/business-time';
import { approveRun, completeRunIfSettled, createRun, discardRun, submitRun } from '../modules/payouts';
import { DEMO_ACCOUNTS, DEMO_SECOND_ADMIN } from './demo-accounts';

const DAY = 86_400_000;
/** Past payouts of the demo: runs cut off this many days ago, each paid by bank file two days later. */
const PAST_RUNS_DAYS_AGO = [95, 65, 35] as const;

/**
 * Issue 28: a few past payouts of the demo affiliate, made the way admins make them (the demo admin creates
 * and submits each run, the second admin approves it and records the bank's result), each at its own
 * past moment. The lines are marked paid without the paid notice: these are history, not news. Runs after the
 * numbers are sealed (the lines copy the sealed account number). Nothing when a run exists already.
 */
export async function seedDemoPayouts(ctx: AppContext, now: Date): Promise<number> {
  const { rows: existing } = await ctx.db.query('SELECT 1 FROM payout_runs LIMIT 1');
  if (existing.length) return 0;
  const { rows } = await ctx.db.query<{ email: string; user_id: string }>(
    `SELECT lower(email) AS email, user_id::text FROM users WHERE lower(email) IN (lower($1), lower($2))`,
    [DEMO_ACCOUNTS.admin.email, DEMO_SECOND_ADMIN.email],
  );
  const idOf = (email: string) => Number(rows.find((row) => row.email === email.toLowerCase())?.user_id);
  const creator = { userId: idOf(DEMO_ACCOUNTS.admin.email) } as SessionUser;
  const approver = { userId: idOf(DEMO_SECOND_ADMIN.email) } as SessionUser;
  if (!creator.userId || !approver.userId) return 0;
  // The bank file, whatever provider this installation pays new runs with.
  const config = { ...ctx.config, payouts: { provider: 'bank-file' } } as AppConfig;
  let paid = 0;
  for (const daysAgo of PAST_RUNS_DAYS_AGO) {
    const created = new Date(now.getTime() - daysAgo * DAY);
    const at = (hours: number) => ({
      ...ctx,
      config,
      now: () => new Date(created.getTime() + hours * 3_600_000),
    });
    const cutoff = businessDay(new Date(created.getTime() - DAY));
    const { run } = await createRun(at(0), creator, { cutoff });
    if (run.totals.count === 0) {
      // Nothing to pay at that cutoff: a run with no line to pay cannot be submitted (issue 48), so it goes.
      await discardRun(at(1), creator, run.runId);
      continue;
    }
    await submitRun(at(1), creator, run.runId);
    await approveRun(at(3), approver, run.runId, { remark: 'Checked against the bank balance' });
    const paidAt = new Date(created.getTime() + 2 * DAY);
    paid += await ctx.db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `UPDATE payout_lines SET status = 'paid', paid_at = $2, status_reason = 'Paid by the bank', updated_at = $2,
                result_by = $3
          WHERE payout_run_id = $1 AND status = 'processing'`,
        [run.runId, paidAt, approver.userId],
      );
      await completeRunIfSettled(tx, run.runId, paidAt);
      return rowCount ?? 0;
    });
  }
  return paid;
}
