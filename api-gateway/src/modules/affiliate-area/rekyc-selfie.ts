import type { Request, Response } from 'express';
import type { ReKycSelfieResponse } from '@portal/contracts';
import { KycPartMessages, Messages, RegistrationMessages, SELFIE_FIELD } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { FileStore } from '../../storage/file-store';
import { AffiliateAreaMessages } from '@portal/contracts';
import { checkSelfie, imageTypeOf } from '../registration';

/**
 * `POST affiliate/rekyc-selfie` (issue 50): the returned selfie taken again. It waits on the open verdict until the
 * re-KYC is submitted; a second one replaces the first (whose file goes), so an affiliate holds at most one.
 */
export async function storeReKycSelfie(
  ctx: AppContext,
  session: SessionUser,
  req: Request,
  res: Response,
): Promise<ReKycSelfieResponse> {
  if (session.affiliateId === null) throw forbidden(AffiliateAreaMessages.notYourRecord);
  const affiliateId = session.affiliateId;
  const file = req.file;
  if (!file?.buffer.length)
    throw badRequest(Messages.selfieRequired, { [SELFIE_FIELD]: Messages.selfieRequired });
  if (!imageTypeOf(file.buffer)) throw new HttpError(415, RegistrationMessages.selfieWrongType);
  const selfie = await checkSelfie(file.buffer);
  const store = new FileStore(ctx);
  const written: string[] = [];
  let superseded: string | null;
  try {
    superseded = await ctx.db.transaction(async (tx) => {
      const open = await tx.query<{ decision_id: number; replacement_selfie_path: string | null }>(
        `SELECT d.decision_id, d.replacement_selfie_path FROM kyc_part_decisions d
           JOIN affiliates a ON a.affiliate_id = d.affiliate_id
          WHERE d.affiliate_id = $1 AND d.part = 'selfie' AND d.outcome = 'returned' AND d.settled_at IS NULL
            AND a.status = 'KYC Rejected'
          FOR UPDATE OF d`,
        [affiliateId],
      );
      if (open.rows.length === 0) throw conflict(KycPartMessages.selfieNotReturned);
      const saved = await store.put(
        tx,
        {
          purpose: 'selfie',
          contentType: selfie.contentType,
          extension: selfie.extension,
          ownerUserId: session.userId,
        },
        selfie.data,
      );
      written.push(saved.storageKey);
      await tx.query('UPDATE kyc_part_decisions SET replacement_selfie_path = $2 WHERE decision_id = $1', [
        open.rows[0].decision_id,
        saved.storageKey,
      ]);
      const previous = open.rows[0].replacement_selfie_path;
      if (previous) await tx.query('DELETE FROM stored_files WHERE storage_key = $1', [previous]);
      return previous;
    });
  } catch (error) {
    for (const storageKey of written) await store.removeBytes(storageKey).catch(() => undefined);
    throw error;
  }
  if (superseded)
    await store
      .removeBytes(superseded)
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'superseded re-KYC selfie not deleted'));
  res.status(201);
  return { message: KycPartMessages.selfieSaved };
}
