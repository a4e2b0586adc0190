import { PayoutMessages, type CreatePayoutRunRequest, type PayoutRunResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { badRequest, conflict } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { addDays, businessDay, startOfBusinessDay } from '../../lib/business-time';
import { recordAudit } from '../audit';
import { writeDraftLines } from './draft-lines';
import { discardEmptyRuns } from './empty-runs';
import { loadRun, openRun } from './run-queries';
import { configuredPayoutProvider, readSettings } from './settings';

const isUniqueViolation = (error: unknown, index: string) => {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === '23505' && (e.constraint === index || (e.message ?? '').includes(index));
};

async function openRunConflict(sql: Sql): Promise<never> {
  const open = await openRun(sql);
  throw conflict(open ? PayoutMessages.runOpen(open.runId, open.status) : PayoutMessages.runOpen(0, 'open'));
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
      if (await openRun(tx)) await openRunConflict(tx);
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
      const counts = await writeDraftLines(tx, runId, entriesBefore, { ...settings, provider }, now);
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
