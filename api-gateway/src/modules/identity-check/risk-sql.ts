import { BANK_NAME_MATCH_THRESHOLD } from '@portal/contracts';

/**
 * Issue 50: the KYC queue's risk "Authority check failed", as SQL on a case row `c`: the authority answered and
 * did not find the number, or its names scored below the name-match threshold, or the selfie did not match its
 * photo. A check not run yet is no risk here (the case shows "not checked" instead).
 */
export const AUTHORITY_CHECK_FAILED_SQL = `EXISTS (SELECT 1 FROM identity_checks ic
   WHERE ic.affiliate_id = c.affiliate_id AND ic.state = 'answered'
     AND (ic.id_status <> 'verified' OR ic.face_match = 'failed'
          OR coalesce(ic.name_match_score < ${BANK_NAME_MATCH_THRESHOLD}, false)))`;
