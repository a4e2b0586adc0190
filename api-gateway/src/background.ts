import type { AppContext } from './context';
import { startEmbeddedMaintenance } from './db/embedded-maintenance';
import { startMemoryLog } from './lib/memory-log';
import { startIdentityCheckWorker } from './modules/identity-check';
import { startOutboxWorker } from './modules/messaging';
import { startPayoutWorker } from './modules/paystack-payouts';
import { startSelfieSweeper } from './modules/registration';
import { startRiskWorker } from './modules/risk';
import { sweepInterruptedExports } from './modules/reports';

/**
 * Periodic work of a running server (outbox delivery, Paystack payouts, expiry sweeps, the embedded database's
 * vacuum), and the clean-up of work a previous process died in the middle of. Returns a function that stops it:
 * the promise resolves once the outbox worker has finished the message it was sending and the vacuum its table.
 */
export function startBackgroundWork(ctx: AppContext): () => Promise<void> {
  sweepInterruptedExports(ctx).catch((error: unknown) =>
    ctx.logger.warn({ err: error }, 'interrupted exports not removed'),
  );
  const stopOutbox = startOutboxWorker(ctx);
  const stopSweeper = startSelfieSweeper(ctx);
  const stopMemoryLog = startMemoryLog(ctx.logger, ctx.config.memoryLogSeconds);
  // Issue 28: Paystack payouts (nothing with the bank file): runs being paid, then lines waiting for news.
  const stopPayouts = startPayoutWorker(ctx);
  const stopMaintenance = startEmbeddedMaintenance(
    ctx.db,
    ctx.logger,
    ctx.config.embeddedVacuumSeconds * 1000,
  );
  // Issue 49: risk signals of the affiliates whose rows changed, and the periodic scan.
  const stopRisk = startRiskWorker(ctx);
  // Issue 50: identity checks against the authority (Smile ID), off the request, retried with a backoff.
  const stopIdentityChecks = startIdentityCheckWorker(ctx);
  return async () => {
    stopMemoryLog();
    stopSweeper();
    await Promise.all([stopOutbox(), stopPayouts(), stopMaintenance(), stopRisk(), stopIdentityChecks()]);
  };
}
