import type { Sql } from '../../db/database';
import { recordAudit } from '../audit';

/**
 * An open run with no line to pay (0 affiliates, ₦0: every line ineligible or excluded) never blocks a new run
 * (issue 48 item 8). Such a run holds no entries and can never pay anything (a submission refuses it, an
 * approval too), so creating a run first discards it, in the creator's transaction, with an audit row of its
 * own; a draft with a line to pay still blocks (one open run at a time), as before.
 */
export async function discardEmptyRuns(tx: Sql, userId: number, now: Date): Promise<void> {
  const { rows } = await tx.query<{ payout_run_id: string; status: string; lines: number }>(
    `WITH empty AS (
       SELECT r.payout_run_id, r.status FROM payout_runs r
        WHERE r.status IN ('draft', 'submitted')
          AND NOT EXISTS (SELECT 1 FROM payout_lines l
                           WHERE l.payout_run_id = r.payout_run_id AND l.status = 'pending')
          AND NOT EXISTS (SELECT 1 FROM payout_lines l
                            JOIN payout_line_entries p ON p.payout_line_id = l.payout_line_id
                           WHERE l.payout_run_id = r.payout_run_id)
        FOR UPDATE OF r
     ), lines AS (
       DELETE FROM payout_lines l USING empty WHERE l.payout_run_id = empty.payout_run_id
       RETURNING l.payout_run_id
     )
     SELECT empty.payout_run_id::text, empty.status,
            (SELECT count(*)::int FROM lines WHERE lines.payout_run_id = empty.payout_run_id) AS lines
       FROM empty`,
  );
  for (const run of rows) {
    await tx.query('DELETE FROM payout_runs WHERE payout_run_id = $1', [run.payout_run_id]);
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'payout.run.discard',
      entityType: 'payout_run',
      entityId: run.payout_run_id,
      fromStatus: run.status,
      remark: 'Nothing to pay: discarded when a new run was created',
      details: { lines: run.lines },
      at: now,
    });
  }
}
