import {
  AffiliateMessages,
  BANK_NAME_MATCH_THRESHOLD,
  IdentityCheckMessages,
  type IdentityCheckView,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { maskNumber } from '../../lib/field-crypto';
import { openNumbers, SEALED_NUMBER_COLUMNS, type SealedNumberRow } from '../../lib/sealed-numbers';

interface ViewRow extends SealedNumberRow {
  identity_type: 'BVN' | 'NIN';
  in_queue: boolean;
  state: 'pending' | 'submitted' | 'answered' | null;
  attempts: number | null;
  next_attempt_at: Date | null;
  last_failure: string | null;
  provider: 'log' | 'smile_id' | null;
  product: 'biometric_kyc' | 'enhanced_kyc' | null;
  provider_job_id: string | null;
  id_status: 'verified' | 'not_found' | 'not_verified' | null;
  authority_first_name: string | null;
  authority_last_name: string | null;
  authority_other_names: string | null;
  authority_dob: string | null;
  face_match: 'passed' | 'failed' | 'not_done' | null;
  name_match_score: number | null;
  first_name_match: boolean | null;
  last_name_match: boolean | null;
  result_code: string | null;
  result_text: string | null;
  checked_at: Date | null;
}

/** The reviewer's view of an affiliate's identity check: the answer, or why there is none and the next retry. */
export async function identityCheckView(ctx: AppContext, affiliateId: number): Promise<IdentityCheckView> {
  const { rows } = await ctx.db.query<ViewRow>(
    `SELECT a.identity_type, ${SEALED_NUMBER_COLUMNS},
            EXISTS (SELECT 1 FROM kyc_cases c WHERE c.affiliate_id = a.affiliate_id) AS in_queue,
            i.state, i.attempts, i.next_attempt_at, i.last_failure, i.provider, i.product, i.provider_job_id,
            i.id_status, i.authority_first_name, i.authority_last_name, i.authority_other_names,
            to_char(i.authority_dob, 'YYYY-MM-DD') AS authority_dob, i.face_match, i.name_match_score,
            i.first_name_match, i.last_name_match, i.result_code, i.result_text, i.checked_at
       FROM affiliates a LEFT JOIN identity_checks i ON i.affiliate_id = a.affiliate_id
      WHERE a.affiliate_id = $1`,
    [affiliateId],
  );
  const row = rows[0];
  if (!row) throw notFound(AffiliateMessages.notFound);
  const settings = ctx.config.identityCheck;
  const view = {
    affiliateID: affiliateId,
    provider: settings.provider,
    product: row.product ?? settings.product,
    identityType: row.identity_type,
    maskedNumber: maskNumber(openNumbers(ctx.config.dataKeyring, row).ninOrBVN),
  };
  if (row.state === 'answered' && row.checked_at && row.id_status && row.face_match) {
    const score = Number(row.name_match_score ?? 0);
    const belowThreshold = score < BANK_NAME_MATCH_THRESHOLD;
    return {
      ...view,
      notChecked: null,
      result: {
        verdict:
          row.id_status === 'verified' && row.face_match !== 'failed' && !belowThreshold
            ? 'passed'
            : 'failed',
        idStatus: row.id_status,
        firstName: { authority: row.authority_first_name, matches: row.first_name_match === true },
        lastName: { authority: row.authority_last_name, matches: row.last_name_match === true },
        otherNames: row.authority_other_names,
        dateOfBirth: row.authority_dob,
        nameMatchScore: score,
        belowThreshold,
        faceMatch: row.face_match,
        providerJobID: row.provider_job_id ?? '',
        resultCode: row.result_code ?? '',
        resultText: row.result_text ?? '',
        checkedOn: row.checked_at.toISOString(),
        demo: row.provider === 'log',
      },
    };
  }
  const scheduled = row.state !== null && row.in_queue && settings.provider !== 'none';
  const reason =
    row.state === null
      ? IdentityCheckMessages.neverRequested
      : settings.provider === 'none'
        ? IdentityCheckMessages.notConfigured
        : !row.in_queue
          ? IdentityCheckMessages.caseClosed
          : row.last_failure
            ? IdentityCheckMessages.failed(row.last_failure)
            : row.state === 'submitted'
              ? IdentityCheckMessages.submitted
              : IdentityCheckMessages.waiting;
  return {
    ...view,
    result: null,
    notChecked: {
      reason,
      attempts: row.attempts ?? 0,
      nextAttemptOn: scheduled && row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
    },
  };
}
