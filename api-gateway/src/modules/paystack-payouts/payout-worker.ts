import type { AppContext } from '../../context';
import { repeatEvery } from '../../lib/repeat-every';
import { PAYSTACK_RAIL } from '../payouts';
import { executeNextRun } from './execute-run';
import { reconcileLines } from './reconcile-lines';
import { paystackClient, type PaystackTransfersClient } from '../../lib/paystack-client';

/**
 * The background job of Paystack payouts (started by background.ts when PAYOUT_PROVIDER is paystack): every
 * `intervalMs`, one pass at a time: execute the executing runs that have pending lines (each held by one
 * gateway: execute-run.ts), then reconcile the lines without news. On start it is also what resumes a run a
 * killed gateway left: its lease runs out, its 'sending' lines are verified by reference. Returns a function
 * that stops it: no new pass, a pass under way ends after its current chunk.
 */
export function startPayoutWorker(
  ctx: AppContext,
  client?: PaystackTransfersClient,
  intervalMs = 2000,
): () => Promise<void> {
  const config = ctx.config.payouts;
  if (config.provider !== PAYSTACK_RAIL.id) return () => Promise.resolve();
  const transfers =
    client ??
    paystackClient(
      { secretKey: config.secretKey, baseUrl: config.baseUrl, timeoutMs: config.timeoutMs },
      ctx.logger,
    );
  // At most 100 verifications per reconcile pass, and a pass at most every 30 s (half the reconcile wait when
  // shorter): a few calls a second at worst, whatever the backlog after an outage.
  const reconcileEveryMs = Math.min(30_000, Math.max(1_000, (config.reconcileAfterSeconds * 1000) / 2));
  let lastReconcile = 0;
  const run = async (stopping: () => boolean) => {
    for (;;) {
      const report = await executeNextRun(ctx, transfers, { leaseSeconds: config.leaseSeconds, stopping });
      if (report.runId === null || stopping() || report.stoppedBecause) break;
    }
    if (!stopping() && Date.now() - lastReconcile >= reconcileEveryMs) {
      lastReconcile = Date.now();
      await reconcileLines(ctx, transfers, { afterSeconds: config.reconcileAfterSeconds });
    }
  };
  return repeatEvery(intervalMs, run, (error) => ctx.logger.error({ err: error }, 'payout pass failed'));
}
