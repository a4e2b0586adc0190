import type { Request, Response } from 'express';
import type { SubmitRegistrationRequest } from '@portal/contracts';
import { AffiliateStatus, Messages, RegistrationMessages, RoleId } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../http/errors';
import { sealedNumberParams } from '../../lib/sealed-numbers';
import { recordAudit } from '../audit';
import { bankVerificationToStore, storeBankVerification } from '../bank-verification';
import { consumeSolvedCaptcha } from '../captcha';
import { enqueueMessage } from '../messaging';
import { recordDuplicateIdentities } from './duplicate-identities';
import { endRegistrationOtps } from './otp-challenge';
import { clearRegistrationCookie, requireRegistration } from './registration-session';

/** nin_or_bvn_sealed, nin_or_bvn_hash, bank_id, account_number_sealed, account_number_hash in column order. */
function sealedPair([ninSealed, ninHash, accountSealed, accountHash]: string[], bankId: number) {
  return [ninSealed, ninHash, bankId, accountSealed, accountHash];
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Register Now. Accepted only for this browser's registration with its email and mobile verified, its own
 * selfie and a solved captcha. Everything (user, affiliate, flags, audit, email, consumed captcha and
 * OTPs) is written in one transaction, so a refused submit leaves nothing behind and can be retried.
 */
export async function submitRegistration(
  ctx: AppContext,
  req: Request,
  res: Response,
  body: SubmitRegistrationRequest,
) {
  try {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const registration = await requireRegistration(ctx, tx, req, body.email, {
        emailVerified: true,
        forUpdate: true,
      });
      if (
        !registration.mobileVerifiedAt ||
        registration.countryId === null ||
        registration.mobileNumber === null
      ) {
        throw badRequest(RegistrationMessages.mobileNotVerified, {
          mobileNumber: RegistrationMessages.mobileNotVerified,
        });
      }
      if (registration.countryId !== body.countryID) {
        throw badRequest(RegistrationMessages.mobileChanged, {
          countryID: RegistrationMessages.mobileChanged,
        });
      }
      const { rows: users } = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [
        body.email,
      ]);
      if (users.length) throw conflict(RegistrationMessages.emailAlreadyRegistered);

      const { rows: banks } = await tx.query('SELECT 1 FROM banks WHERE bank_id = $1', [body.bankID]);
      if (!banks.length) throw badRequest(Messages.bankRequired, { bankID: Messages.bankRequired });
      const { rows: selfies } = await tx.query<{ file_id: string }>(
        `SELECT file_id FROM stored_files WHERE storage_key = $1 AND registration_id = $2 AND purpose = 'selfie'`,
        [body.selfieImagePath, registration.registrationId],
      );
      const selfie = selfies[0];
      if (!selfie) throw badRequest(Messages.selfieRequired, { selfieImagePath: Messages.selfieRequired });
      const captchaSolvedAt = await consumeSolvedCaptcha(ctx, tx, body.captchaId);
      if (!captchaSolvedAt) throw badRequest(Messages.captchaInvalid, { captchaId: Messages.captchaInvalid });

      const { rows: countries } = await tx.query<{ phone_code: string }>(
        'SELECT phone_code FROM countries WHERE country_id = $1',
        [registration.countryId],
      );
      const phoneCode = countries[0].phone_code;
      const { rows: created } = await tx.query<{ user_id: string | number }>(
        `INSERT INTO users (full_name, email, role_id, phone_code, mobile_number, country_id, created_on, updated_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING user_id`,
        [
          body.fullName,
          body.email,
          RoleId.Affiliate,
          phoneCode,
          registration.mobileNumber,
          registration.countryId,
          now,
        ],
      );
      const userId = Number(created[0].user_id);
      const { rows: affiliates } = await tx.query<{ affiliate_id: string | number; affiliate_code: string }>(
        `INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type,
                                 nin_or_bvn_sealed, nin_or_bvn_hash, bank_id, account_number_sealed, account_number_hash,
                                 selfie_image_path, status, created_date, updated_date)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
         RETURNING affiliate_id, affiliate_code`,
        [
          userId,
          body.fullName,
          body.email,
          registration.countryId,
          phoneCode,
          registration.mobileNumber,
          body.identityType,
          ...sealedPair(sealedNumberParams(ctx.config.dataKeyring, body), body.bankID),
          body.selfieImagePath,
          AffiliateStatus.Pending,
          now,
        ],
      );
      const affiliateId = Number(affiliates[0].affiliate_id);
      const affiliateCode = affiliates[0].affiliate_code;
      // The account name resolved in step two, if the cache holds it (issue 27); else 'not verified'.
      await storeBankVerification(tx, affiliateId, await bankVerificationToStore(ctx, tx, body));

      await recordDuplicateIdentities(
        tx,
        affiliateId,
        { ...body, phoneCode, mobileNumber: registration.mobileNumber },
        now,
        ctx.config.dataKeyring,
      );
      await tx.query('UPDATE stored_files SET owner_user_id = $2 WHERE file_id = $1', [
        selfie.file_id,
        userId,
      ]);
      await tx.query(
        `UPDATE registrations SET completed_at = $2, captcha_solved_at = $3, selfie_file_id = $4 WHERE registration_id = $1`,
        [registration.registrationId, now, captchaSolvedAt, selfie.file_id],
      );
      await endRegistrationOtps(ctx, tx, registration.registrationId);
      await recordAudit(tx, {
        actorUserId: userId,
        action: 'affiliate.register',
        entityType: 'affiliate',
        entityId: affiliateId,
        toStatus: AffiliateStatus.Pending,
        at: now,
      });
      await enqueueMessage(tx, {
        channel: 'email',
        recipient: body.email,
        subject: 'Your affiliate registration was received',
        body:
          `Dear ${body.fullName},\n\n` +
          `Thank you for registering as an affiliate. Your affiliate ID is ${affiliateCode}.\n\n` +
          'Your KYC is under review; you will receive your sign-in details by email once it is approved.',
      });
    });
  } catch (error) {
    // Two registrations of one email racing to the end: the second meets the unique index.
    if (isUniqueViolation(error)) throw conflict(RegistrationMessages.emailAlreadyRegistered);
    throw error;
  }
  clearRegistrationCookie(req, res);
  res.status(201);
  return { message: RegistrationMessages.registered };
}
