import { BANK_NAME_MATCH_THRESHOLD } from '@portal/contracts';
import type { Sql } from '../../db/database';

/**
 * Issue 50: the KYC queue's risk "Authority check failed", as SQL on a case row `c`: the authority answered and
 * did not find the number, or its names scored below the name-match threshold, or the selfie did not match its
 * photo. A check not run yet is no risk here (the case shows "not checked" instead).
 */
export const AUTHORITY_CHECK_FAILED_SQL = `EXISTS (SELECT 1 FROM identity_checks ic
   WHERE ic.affiliate_id = c.affiliate_id AND ic.state = 'answered'
     AND (ic.id_status <> 'verified' OR ic.face_match = 'failed'
          OR coalesce(ic.name_match_score < ${BANK_NAME_MATCH_THRESHOLD}, false)))`;

/**
 * The stored check as a KYC approval sees it (issue 50 item 4): 'failed' by the rule above, 'passed' when the
 * authority answered otherwise, 'not-run' while no answer is stored.
 */
export async function identityCheckOutcome(
  sql: Sql,
  affiliateId: number,
): Promise<'passed' | 'failed' | 'not-run'> {
  const { rows } = await sql.query<{ failed: boolean; answered: boolean }>(
    `SELECT ${AUTHORITY_CHECK_FAILED_SQL} AS failed,
            EXISTS (SELECT 1 FROM identity_checks ic WHERE ic.affiliate_id = c.affiliate_id AND ic.state = 'answered')
              AS answered
       FROM (SELECT $1::bigint AS affiliate_id) c`,
    [affiliateId],
  );
  const row = rows[0];
  return row.failed ? 'failed' : row.answered ? 'passed' : 'not-run';
}
