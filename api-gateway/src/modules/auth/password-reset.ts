import { OurMessages } from '@portal/contracts';
import { generateTemporaryPassword, hashPassword } from '../../auth/password';
import type { AppContext } from '../../context';
import { tooMany } from '../../http/errors';
import { enqueueMessage } from '../messaging';
import { findResetTarget, issuePendingTemporaryPassword } from '../users';
import { claimResetRequest, countSentResets, markResetSent, RESET_LIMIT } from './reset-requests';

export const RESET_EMAIL_SUBJECT = 'Your temporary password';
/** How long an emailed temporary password can be used to sign in. */
export const TEMPORARY_PASSWORD_MINUTES = 30;

/**
 * Forgot password: an active account that may sign in gets a temporary password by email, a second credential
 * beside its password that expires; signing in with it forces a password change. The account itself is not
 * changed, so anyone may ask without locking its owner out. The caller learns nothing either way (same answer,
 * same work); only an IP asking too often is refused, whatever the addresses.
 */
export async function resetPassword(ctx: AppContext, userName: string, ip: string | null): Promise<void> {
  const now = ctx.now();
  const emailKey = userName.toLowerCase();
  // Before hashing: a refused request costs no password work.
  const claim = await claimResetRequest(ctx.db, { emailKey, ip, now });
  if ('retryAfterSeconds' in claim) {
    const minutes = Math.ceil(claim.retryAfterSeconds / 60);
    throw tooMany(OurMessages.tooManyResets(minutes), claim.retryAfterSeconds);
  }
  const temporaryPassword = generateTemporaryPassword();
  // Hashed before looking the account up, so an unknown email costs the same time as a known one.
  const passwordHash = await hashPassword(temporaryPassword);
  await ctx.db.transaction(async (tx) => {
    const user = await findResetTarget(tx, userName);
    if (!user) return;
    if ((await countSentResets(tx, emailKey, now)) >= RESET_LIMIT) {
      ctx.logger.warn({ userId: user.userId }, 'password reset limit reached; request ignored');
      return;
    }
    const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_MINUTES * 60_000);
    await issuePendingTemporaryPassword(tx, user.userId, passwordHash, now, expiresAt);
    await markResetSent(tx, claim.requestId);
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: user.email,
      subject: RESET_EMAIL_SUBJECT,
      body: resetEmailBody(user.fullName, temporaryPassword),
    });
  });
}

function resetEmailBody(fullName: string, temporaryPassword: string): string {
  return [
    `Dear ${fullName},`,
    '',
    'A new password was requested for your affiliate portal account.',
    `Your temporary password is: ${temporaryPassword}`,
    '',
    `It works for ${TEMPORARY_PASSWORD_MINUTES} minutes. Sign in with it; you will be asked to choose a new password straight away.`,
    'Your current password keeps working until then. If you did not ask for this, ignore this email.',
  ].join('\n');
}
