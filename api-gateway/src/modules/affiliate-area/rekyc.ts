import type { MessageResponse } from '@portal/contracts';
import { AffiliateAreaMessages, AffiliateStatus, Messages } from '@portal/contracts';
import type { ReKycDetails } from '@portal/contracts';
import type { z } from 'zod';
import type {
  ReKycRequest,
  ReKycResolveAccountNameRequest,
  ResolveAccountNameResponse,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { bankVerificationToStore, resolveAccountName, storeBankVerification } from '../bank-verification';
import { recomputeDuplicateIdentities } from '../registration';
import { revokeSessions, setFullName } from '../users';
import { bankExists, findKycProfile, writeReKyc } from './rekyc-queries';

type ReKycSubmission = z.output<typeof ReKycRequest>;

/** The affiliate the session belongs to; a session without one (staff) never reaches here (rights). */
function ownAffiliateId(session: SessionUser): number {
  if (session.affiliateId === null) throw forbidden(AffiliateAreaMessages.notYourRecord);
  return session.affiliateId;
}

/** `GET affiliate/rekyc-details`: the caller's own KYC profile. */
export async function reKycDetails(ctx: AppContext, session: SessionUser): Promise<ReKycDetails> {
  const profile = await findKycProfile(ctx.db, ctx.config.dataKeyring, ownAffiliateId(session));
  if (!profile) throw notFound();
  const { userId: _userId, ...details } = profile;
  return details;
}

const EDITABLE = ['fullName', 'ninOrBVN', 'bankID', 'accountNumber'] as const;

/**
 * `POST affiliate/rekyc`: only on the caller's own record, only while it is KYC Rejected. In one
 * transaction: the corrected details and KYC Pending, the user's name, duplicate-identity flags recomputed,
 * the audit row, and every session of the affiliate ended (it signs in again once reviewed).
 */
export async function submitReKyc(
  ctx: AppContext,
  session: SessionUser,
  body: ReKycSubmission,
): Promise<MessageResponse> {
  const affiliateId = ownAffiliateId(session);
  if (body.affiliateID !== affiliateId) throw forbidden(AffiliateAreaMessages.notYourRecord);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const before = await findKycProfile(tx, ctx.config.dataKeyring, affiliateId, true);
    if (!before) throw notFound();
    if (before.status !== AffiliateStatus.Rejected) throw conflict(AffiliateAreaMessages.notRejected);
    if (!(await bankExists(tx, body.bankID))) {
      throw badRequest(Messages.bankRequired, { bankID: Messages.bankRequired });
    }
    await writeReKyc(tx, ctx.config.dataKeyring, affiliateId, body, AffiliateStatus.Pending, now);
    // The new bank details' resolution if one is cached (issue 27), else 'not verified': never the old one.
    await storeBankVerification(tx, affiliateId, await bankVerificationToStore(ctx, tx, body));
    await setFullName(tx, before.userId, body.fullName, now);
    await recomputeDuplicateIdentities(
      tx,
      affiliateId,
      {
        identityType: before.identityType,
        ninOrBVN: body.ninOrBVN,
        bankID: body.bankID,
        accountNumber: body.accountNumber,
        phoneCode: before.phoneCode,
        mobileNumber: before.mobileNumber,
      },
      now,
      ctx.config.dataKeyring,
    );
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'affiliate.rekyc',
      entityType: 'affiliate',
      entityId: affiliateId,
      fromStatus: before.status,
      toStatus: AffiliateStatus.Pending,
      details: { changed: EDITABLE.filter((field) => before[field] !== body[field]) },
      at: now,
    });
    await revokeSessions(tx, before.userId, now);
    return { message: Messages.kycUpdated };
  });
}

/**
 * `POST affiliate/rekyc-resolve-account-name` (issue 27): the account name for the bank and number the
 * rejected affiliate entered, counted against its own allowance and its IP's.
 */
export async function reKycResolveAccountName(
  ctx: AppContext,
  session: SessionUser,
  body: z.output<typeof ReKycResolveAccountNameRequest>,
  ip: string | undefined,
): Promise<ResolveAccountNameResponse> {
  return resolveAccountName(ctx, { ...body, asker: { affiliateId: ownAffiliateId(session) }, ip });
}
