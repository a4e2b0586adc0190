import type { AppContext } from '../../context';
import { repeatEvery } from '../../lib/repeat-every';
import { identityCheckerOf, runDueIdentityChecks } from './run-checks';

const EVERY_MS = 5_000;
const PER_PASS = 5;

/**
 * Issue 50: the background identity check. Every 5 seconds each gateway takes the due checks (new cases, and
 * failed or submitted ones whose retry time has come) and runs them off any request. Nothing runs with
 * IDENTITY_PROVIDER=none.
 */
export function startIdentityCheckWorker(ctx: AppContext): () => Promise<void> {
  if (!identityCheckerOf(ctx)) return () => Promise.resolve();
  return repeatEvery(
    EVERY_MS,
    async (stopping) => {
      while (!stopping() && (await runDueIdentityChecks(ctx, PER_PASS)) === PER_PASS);
    },
    (error: unknown) => ctx.logger.warn({ err: error }, 'identity checks failed'),
  );
}
