import type { MessageResponse } from '@portal/contracts';
import { AffiliateAreaMessages, AffiliateStatus, KycPartMessages, Messages } from '@portal/contracts';
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
import { openReturnedParts, settleOpenParts } from '../kyc-cases';
import { FileStore } from '../../storage/file-store';
import { bankVerificationToStore, resolveAccountName, storeBankVerification } from '../bank-verification';
import { recomputeDuplicateIdentities } from '../registration';
import { revokeSessions, setFullName } from '../users';
import { bankExists, findKycProfile, writeReKyc, writeReturnedParts } from './rekyc-queries';

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
  const returned = await openReturnedParts(ctx.db, profile.affiliateID);
  return {
    ...details,
    returnedParts: returned.map(({ part, reason }) => ({ part, reason })),
    selfieRetaken: returned.some((open) => open.part === 'selfie' && open.replacementSelfiePath !== null),
  };
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
  const store = new FileStore(ctx);
  const replacedSelfie = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const before = await findKycProfile(tx, ctx.config.dataKeyring, affiliateId, true);
    if (!before) throw notFound();
    if (before.status !== AffiliateStatus.Rejected) throw conflict(AffiliateAreaMessages.notRejected);
    // Issue 50: when parts were returned, only those are taken from the form; the others stay as they were.
    const returned = await openReturnedParts(tx, affiliateId, true);
    const asked = new Set(returned.map((open) => open.part));
    const whole = asked.size === 0;
    const identityAsked = whole || asked.has('identityNumber');
    const bankAsked = whole || asked.has('bankAccount');
    const nameAsked = identityAsked || bankAsked;
    const newSelfie = returned.find((open) => open.part === 'selfie');
    if (newSelfie && !newSelfie.replacementSelfiePath)
      throw badRequest(KycPartMessages.selfieAgain, { selfie: KycPartMessages.selfieAgain });
    const next = {
      fullName: nameAsked ? body.fullName : before.fullName,
      ninOrBVN: identityAsked ? body.ninOrBVN : before.ninOrBVN,
      bankID: bankAsked ? body.bankID : before.bankID,
      accountNumber: bankAsked ? body.accountNumber : before.accountNumber,
    };
    if (bankAsked && !(await bankExists(tx, next.bankID))) {
      throw badRequest(Messages.bankRequired, { bankID: Messages.bankRequired });
    }
    let replaced: string | null = null;
    if (whole) {
      await writeReKyc(tx, ctx.config.dataKeyring, affiliateId, next, AffiliateStatus.Pending, now);
    } else {
      replaced = await writeReturnedParts(
        tx,
        ctx.config.dataKeyring,
        affiliateId,
        {
          fullName: nameAsked ? next.fullName : undefined,
          ninOrBVN: identityAsked ? next.ninOrBVN : undefined,
          bank: bankAsked ? { bankID: next.bankID, accountNumber: next.accountNumber } : undefined,
          selfiePath: newSelfie?.replacementSelfiePath ?? undefined,
        },
        AffiliateStatus.Pending,
        now,
      );
      await settleOpenParts(tx, affiliateId, now);
    }
    // The new bank details' resolution if one is cached (issue 27), else 'not verified': never the old one.
    if (bankAsked) await storeBankVerification(tx, affiliateId, await bankVerificationToStore(ctx, tx, next));
    if (nameAsked) await setFullName(tx, before.userId, next.fullName, now);
    await recomputeDuplicateIdentities(
      tx,
      affiliateId,
      {
        identityType: before.identityType,
        ninOrBVN: next.ninOrBVN,
        bankID: next.bankID,
        accountNumber: next.accountNumber,
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
      details: {
        changed: EDITABLE.filter((field) => before[field] !== next[field]),
        ...(whole ? {} : { resubmittedParts: [...asked] }),
      },
      at: now,
    });
    await revokeSessions(tx, before.userId, now);
    return replaced;
  });
  if (replacedSelfie)
    await store
      .removeBytes(replacedSelfie)
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'replaced selfie not deleted'));
  return { message: Messages.kycUpdated };
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
