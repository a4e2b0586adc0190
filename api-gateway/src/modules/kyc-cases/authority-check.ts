import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';

export type AuthorityCheckOutcome = 'passed' | 'failed' | 'not-run';

/**
 * The result of the identity check against the authority for one affiliate (issue 50 item 1, built on its own
 * branch). Without a source (this build has none) no result exists, so it is 'not-run'; whether that asks for a
 * second reviewer depends on the check being in use (`authorityCheckInUse`).
 */
export async function authorityCheckOutcome(
  ctx: AppContext,
  sql: Sql,
  affiliateId: number,
): Promise<AuthorityCheckOutcome> {
  return ctx.authorityCheck ? ctx.authorityCheck.outcome(sql, affiliateId) : 'not-run';
}

/** A check that is not configured cannot have run: its absence is not a risk, a failure always is. */
export const authorityCheckInUse = (ctx: AppContext): boolean => ctx.authorityCheck?.inUse ?? false;
