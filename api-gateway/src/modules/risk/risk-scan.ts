import type { AppContext } from '../../context';
import { repeatEvery } from '../../lib/repeat-every';
import { raiseSignals, type RaiseOutcome } from './raise-cases';

/** Marks taken per pass: a few hundred affiliates' signals fit one short transaction. */
const MARKS_PER_PASS = 500;
/** How soon a change raises its signals, and how often the whole scan runs (rolling windows move daily). */
const MARKS_EVERY_MS = 5_000;
const SCAN_EVERY_MS = 60 * 60_000;

/**
 * The signals of the affiliates whose rows changed (marked by the triggers of migration 110: ingestion, rate
 * upload, registration, bank change), in one transaction with the marks it takes: a failure leaves them for the
 * next pass, and another gateway skips them (SKIP LOCKED) instead of waiting. Answers how many marks it took.
 */
export async function raiseMarkedSignals(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ affiliate_id: string | number }>(
      `DELETE FROM risk_marks WHERE mark_id IN (
         SELECT mark_id FROM risk_marks ORDER BY mark_id LIMIT ${MARKS_PER_PASS} FOR UPDATE SKIP LOCKED)
       RETURNING affiliate_id`,
    );
    if (rows.length === 0) return 0;
    const affiliates = [...new Set(rows.map((row) => Number(row.affiliate_id)))].sort((a, b) => a - b);
    await raiseSignals(ctx, tx, affiliates);
    return rows.length;
  });
}

/** Affiliates per transaction of the scan: short enough that other calls (one connection on PGlite) get turns. */
const SCAN_CHUNK = 500;

/**
 * Every signal over every affiliate (the periodic scan, and the admin's Scan now), in chunks of 500 affiliates by id,
 * each its own transaction: a scoped pass gives each affiliate its whole evidence, so chunks agree with one pass.
 */
export async function scanAllSignals(ctx: AppContext): Promise<RaiseOutcome> {
  const outcome: RaiseOutcome = { opened: 0, refreshed: 0 };
  for (let after = 0; ; ) {
    const { rows } = await ctx.db.query<{ affiliate_id: string | number }>(
      `SELECT affiliate_id FROM affiliates WHERE affiliate_id > $1 ORDER BY affiliate_id LIMIT ${SCAN_CHUNK}`,
      [after],
    );
    if (rows.length === 0) return outcome;
    const ids = rows.map((row) => Number(row.affiliate_id));
    const chunk = await ctx.db.transaction((tx) => raiseSignals(ctx, tx, ids));
    outcome.opened += chunk.opened;
    outcome.refreshed += chunk.refreshed;
    after = ids[ids.length - 1];
    // PGlite runs in this thread: a request that arrived during the chunk starts its query before the next chunk.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Background work: the marked affiliates every few seconds (until none is left), and the whole scan every hour
 * (rolling windows move with the days even when no row changes).
 */
export function startRiskWorker(ctx: AppContext): () => Promise<void> {
  const onFailure = (error: unknown) => ctx.logger.warn({ err: error }, 'risk signals failed');
  const stopMarks = repeatEvery(
    MARKS_EVERY_MS,
    async (stopping) => {
      while (!stopping() && (await raiseMarkedSignals(ctx)) === MARKS_PER_PASS);
    },
    onFailure,
  );
  const stopScan = repeatEvery(
    SCAN_EVERY_MS,
    async () => {
      const outcome = await scanAllSignals(ctx);
      if (outcome.opened > 0) ctx.logger.info({ opened: outcome.opened }, 'risk scan opened cases');
    },
    onFailure,
    false,
  );
  return async () => {
    await Promise.all([stopMarks(), stopScan()]);
  };
}
