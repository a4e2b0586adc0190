import type { KycPart, KycReturnPartsResponse } from '@portal/contracts';
import { AffiliateStatus, KycPartMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../http/session';
import { returnedPartsRemark, type PartVerdict } from '../kyc-cases';
import { decideAffiliate } from './affiliate-decisions';

/**
 * Issue 50 part 3: the reviewer holding the case returns the failed parts. It is the spec's rejection (KYC
 * Rejected, the remark, the email, the re-kyc right) with each part's verdict recorded in the same transaction.
 */
export async function returnParts(
  ctx: AppContext,
  actor: SessionUser,
  affiliateId: number,
  verdicts: PartVerdict[],
): Promise<KycReturnPartsResponse> {
  await decideAffiliate(ctx, actor, {
    affiliateId,
    action: 'reject',
    remark: returnedPartsRemark(verdicts),
    expectedStatus: AffiliateStatus.Pending,
    parts: verdicts,
  });
  const returned: KycPart[] = verdicts.filter((v) => v.outcome === 'returned').map((v) => v.part);
  return { message: KycPartMessages.partsReturned, affiliateID: affiliateId, returned };
}
