import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { identityCheckOutcome } from '../identity-check';

export type AuthorityCheckOutcome = 'passed' | 'failed' | 'not-run';

/**
 * The result of the identity check against the authority for one affiliate (issue 50 item 1): the stored answer
 * of the identity-check module when a real authority is asked (IDENTITY_PROVIDER=smile_id). The `log` provider's
 * demo answers decide nothing, so with it (or `none`) the check has not run. Tests may put another source here.
 */
export async function authorityCheckOutcome(
  ctx: AppContext,
  sql: Sql,
  affiliateId: number,
): Promise<AuthorityCheckOutcome> {
  if (ctx.authorityCheck) return ctx.authorityCheck.outcome(sql, affiliateId);
  return authorityCheckInUse(ctx) ? identityCheckOutcome(sql, affiliateId) : 'not-run';
}

/**
 * A missing answer asks for four eyes only where a real authority is asked (IDENTITY_PROVIDER=smile_id): the `log`
 * provider's answers are a demo and `none` asks nobody. A failed answer always does.
 */
export const authorityCheckInUse = (ctx: AppContext): boolean =>
  ctx.authorityCheck?.inUse ?? ctx.config.identityCheck.provider === 'smile_id';
