import type { Request, Response } from 'express';
import type {
  MobileOtpStatusResponse,
  SendEmailOtpRequest,
  SendMobileOtpRequest,
  VerifyEmailOtpRequest,
  VerifyMobileOtpRequest,
} from '@portal/contracts';
import {
  internationalMobile,
  maskMobileNumber,
  Messages,
  mobileNumberError,
  normaliseMobileNumber,
  OTP_EXPIRY_MINUTES,
  RegistrationMessages,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { badRequest } from '../../http/errors';
import { enqueueMessage } from '../messaging';
import { checkOtp, issueOtpChallenge } from './otp-challenge';
import type { Registration } from './registration-session';
import {
  createRegistration,
  currentRegistration,
  requireRegistration,
  setRegistrationCookie,
} from './registration-session';

/** The registration steps of spec §4 before the second step: email OTP, then mobile (WhatsApp) OTP. */

async function queueEmailOtp(sql: Sql, email: string, code: string, challengeId: string): Promise<void> {
  await enqueueMessage(sql, {
    channel: 'email',
    recipient: email,
    otp: { code, challengeId },
    subject: 'Your Affiliate Portal verification code',
    body:
      `Your verification code is ${code}.\n\n` +
      `It expires in ${OTP_EXPIRY_MINUTES} minutes. If you did not start a registration on the Affiliate Portal, ` +
      'you can ignore this email.',
  });
}

export const ACCOUNT_EXISTS_SUBJECT = 'You already have an Affiliate Portal account';

/** Sent instead of a code when the address already has an account: only its owner learns that. */
async function queueAccountExists(sql: Sql, email: string): Promise<void> {
  await enqueueMessage(sql, {
    channel: 'email',
    recipient: email,
    subject: ACCOUNT_EXISTS_SUBJECT,
    body: [
      'Someone asked to register on the Affiliate Portal with this email address. It already has an account,',
      'so no verification code was sent.',
      '',
      'To continue, sign in on the Affiliate Portal sign-in page. If you do not remember your password, choose',
      '"Forgot password" there and a temporary password will be sent to this address. If your registration is',
      'still under review, you will receive your sign-in details by email once it is approved.',
      '',
      'If you did not try to register, you can ignore this email.',
    ].join('\n'),
  });
}

/**
 * Send OTP: continues this browser's registration when it is for the same email (sending again resets
 * the email's verified state), otherwise starts a new one and sets its cookie. Every address gets the same
 * answer, cookie and work, so the call does not tell who has an account: an address that has one gets an
 * email saying so instead of a code, and its challenge can never be verified.
 */
export async function sendEmailOtp(ctx: AppContext, req: Request, res: Response, body: SendEmailOtpRequest) {
  const cookieValue = await ctx.db.transaction(async (tx) => {
    const existing = await currentRegistration(ctx, tx, req, { forUpdate: true });
    if (existing && existing.email === body.email && !existing.completedAt) {
      await sendEmailCode(ctx, tx, existing.registrationId, body.email, req.ip);
      return undefined;
    }
    const created = await createRegistration(ctx, tx, body.email, req.ip);
    await sendEmailCode(ctx, tx, created.registrationId, body.email, req.ip);
    return created.cookieValue;
  });
  if (cookieValue) setRegistrationCookie(req, res, cookieValue);
  return { message: RegistrationMessages.emailOtpSent };
}

async function sendEmailCode(
  ctx: AppContext,
  tx: Sql,
  registrationId: string,
  email: string,
  ip: string | undefined,
) {
  const { rows } = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
  const registered = rows.length > 0;
  const { code, challengeId } = await issueOtpChallenge(
    ctx,
    tx,
    { registrationId, channel: 'email', destination: email, email, ip },
    { unverifiable: registered },
  );
  await tx.query('UPDATE registrations SET email_verified_at = NULL WHERE registration_id = $1', [
    registrationId,
  ]);
  if (registered) await queueAccountExists(tx, email);
  else await queueEmailOtp(tx, email, code, challengeId);
}

/** Resend OTP: a fresh code to the same email, not before 30 s after the last one. */
export async function resendEmailOtp(ctx: AppContext, req: Request, body: SendEmailOtpRequest) {
  await ctx.db.transaction(async (tx) => {
    const registration = await requireRegistration(ctx, tx, req, body.email, { forUpdate: true });
    await sendEmailCode(ctx, tx, registration.registrationId, body.email, req.ip);
  });
  return { message: RegistrationMessages.emailOtpSent };
}

export async function verifyEmailOtp(ctx: AppContext, req: Request, body: VerifyEmailOtpRequest) {
  const check = await ctx.db.transaction(async (tx) => {
    const registration = await requireRegistration(ctx, tx, req, body.email, { forUpdate: true });
    const result = await checkOtp(ctx, tx, registration.registrationId, 'email', body.otp);
    if (result.ok) {
      await tx.query('UPDATE registrations SET email_verified_at = $2 WHERE registration_id = $1', [
        registration.registrationId,
        ctx.now(),
      ]);
    }
    return result;
  });
  if (!check.ok) throw check.error;
  return { message: Messages.emailVerified };
}

interface CountryRow {
  country_id: number;
  phone_code: string;
  phone_number_length: number;
}

/** The country and the number's international form, after the country's length rule (spec §5). */
async function mobileDestination(sql: Sql, countryID: number, mobileNumber: string) {
  const { rows } = await sql.query<CountryRow>(
    'SELECT country_id, phone_code, phone_number_length FROM countries WHERE country_id = $1',
    [countryID],
  );
  const country = rows[0];
  if (!country) throw badRequest(Messages.countryRequired, { countryID: Messages.countryRequired });
  const error = mobileNumberError(mobileNumber, country.phone_number_length);
  if (error) throw badRequest(error, { mobileNumber: error });
  return {
    countryId: country.country_id,
    mobileNumber: normaliseMobileNumber(mobileNumber),
    destination: internationalMobile(country.phone_code, mobileNumber),
  };
}

/** Unlocked by a verified email; the code goes by WhatsApp. A new number resets the mobile's verified state. */
export async function sendMobileOtp(ctx: AppContext, req: Request, body: SendMobileOtpRequest) {
  await ctx.db.transaction(async (tx) => {
    const registration = await lockVerifiedRegistration(ctx, tx, req, body.email);
    const mobile = await mobileDestination(tx, body.countryID, body.mobileNumber);
    await sendMobileCode(ctx, tx, registration, mobile.destination, req.ip);
  });
  return { message: RegistrationMessages.mobileOtpSent };
}

async function sendMobileCode(
  ctx: AppContext,
  tx: Sql,
  registration: Registration,
  destination: string,
  ip: string | undefined,
) {
  const { code, challengeId } = await issueOtpChallenge(ctx, tx, {
    registrationId: registration.registrationId,
    channel: 'mobile',
    destination,
    email: registration.email,
    ip,
  });
  await tx.query(
    'UPDATE registrations SET mobile_verified_at = NULL, country_id = NULL, mobile_number = NULL WHERE registration_id = $1',
    [registration.registrationId],
  );
  // With an SMS provider configured the code falls back to one SMS if WhatsApp has not delivered it within
  // SMS_FALLBACK_SECONDS (or fails before): see messaging/sms-fallback.ts.
  const { sms, fallbackSeconds } = ctx.config.messaging;
  await enqueueMessage(tx, {
    channel: 'whatsapp',
    recipient: destination,
    body: `Your Affiliate Portal verification code is ${code}. It expires in ${OTP_EXPIRY_MINUTES} minutes.`,
    otp: {
      code,
      challengeId,
      fallbackDueAt:
        sms.provider === 'none' ? undefined : new Date(ctx.now().getTime() + fallbackSeconds * 1000),
    },
  });
}

/** The steps after the email's: its registration, locked for the caller's transaction. */
const lockVerifiedRegistration = (ctx: AppContext, tx: Sql, req: Request, email: string) =>
  requireRegistration(ctx, tx, req, email, { emailVerified: true, forUpdate: true });

/** The registration's last mobile code: where it went; a 400 when none was asked for. */
async function lastMobileChallenge(sql: Sql, registrationId: string) {
  const { rows } = await sql.query<{ challenge_id: string; destination: string }>(
    `SELECT challenge_id, destination FROM otp_challenges WHERE registration_id = $1 AND channel = 'mobile'
      ORDER BY created_at DESC LIMIT 1`,
    [registrationId],
  );
  if (!rows[0]) throw badRequest(RegistrationMessages.otpNotRequested);
  return rows[0];
}

/** Resend to the number of the last send-mobile-otp. */
export async function resendMobileOtp(ctx: AppContext, req: Request, body: SendEmailOtpRequest) {
  await ctx.db.transaction(async (tx) => {
    const registration = await lockVerifiedRegistration(ctx, tx, req, body.email);
    const { destination } = await lastMobileChallenge(tx, registration.registrationId);
    await sendMobileCode(ctx, tx, registration, destination, req.ip);
  });
  return { message: RegistrationMessages.mobileOtpSent };
}

/** The code must be for this very number: the verified country and number are what submit uses. */
export async function verifyMobileOtp(ctx: AppContext, req: Request, body: VerifyMobileOtpRequest) {
  const check = await ctx.db.transaction(async (tx) => {
    const registration = await lockVerifiedRegistration(ctx, tx, req, body.email);
    const mobile = await mobileDestination(tx, body.countryID, body.mobileNumber);
    const result = await checkOtp(
      ctx,
      tx,
      registration.registrationId,
      'mobile',
      body.otp,
      mobile.destination,
    );
    if (result.ok) {
      await tx.query(
        `UPDATE registrations SET mobile_verified_at = $2, country_id = $3, mobile_number = $4 WHERE registration_id = $1`,
        [registration.registrationId, ctx.now(), mobile.countryId, mobile.mobileNumber],
      );
    }
    return result;
  });
  if (!check.ok) throw check.error;
  return { message: Messages.mobileVerified };
}

interface CodeMessageRow {
  channel: 'whatsapp' | 'sms';
  status: 'pending' | 'sent' | 'failed';
  delivery_status: 'sent' | 'delivered' | 'read' | 'failed' | null;
  user_error: string | null;
  fallback_due_at: Date | null;
}

/**
 * Where the registration's last mobile code went: the SMS that replaced the WhatsApp message when there is one,
 * otherwise the WhatsApp message. A WhatsApp failure whose SMS is still to be queued reads as sent: the
 * fallback follows within the worker's next pass.
 */
export async function mobileOtpStatus(
  ctx: AppContext,
  req: Request,
  body: SendEmailOtpRequest,
): Promise<MobileOtpStatusResponse> {
  const registration = await requireRegistration(ctx, ctx.db, req, body.email, { emailVerified: true });
  const challenge = await lastMobileChallenge(ctx.db, registration.registrationId);
  const { rows } = await ctx.db.query<CodeMessageRow>(
    `SELECT channel, status, delivery_status, user_error, fallback_due_at FROM outbox
      WHERE otp_challenge_id = $1 AND channel IN ('whatsapp', 'sms')
      ORDER BY (channel = 'sms') DESC, message_id DESC LIMIT 1`,
    [challenge.challenge_id],
  );
  const row = rows[0];
  if (!row) return { channel: 'whatsapp', state: 'queued', message: RegistrationMessages.mobileOtpSent };
  const failed = row.status === 'failed' || row.delivery_status === 'failed';
  const state: MobileOtpStatusResponse['state'] = row.delivery_status
    ? row.delivery_status
    : row.status === 'pending'
      ? 'queued'
      : row.status;
  const undelivered = row.user_error ?? RegistrationMessages.codeNotDelivered;
  if (row.channel === 'sms') {
    const sent = RegistrationMessages.codeSentBySms(maskMobileNumber(challenge.destination));
    return { channel: 'sms', state: failed ? 'failed' : state, message: failed ? undelivered : sent };
  }
  if (failed && !row.fallback_due_at) return { channel: 'whatsapp', state: 'failed', message: undelivered };
  return { channel: 'whatsapp', state: failed ? 'sent' : state, message: RegistrationMessages.mobileOtpSent };
}
