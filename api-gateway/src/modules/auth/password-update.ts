import type { PasswordUpdateRequest } from '@portal/contracts';
import { OurMessages } from '@portal/contracts';
import { hashPassword, verifyPassword } from '../../auth/password';
import { isGuessablePassword } from '../../auth/password-policy';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import type { CheckedCredential } from '../users';
import { findCredentials, revokeSessions, setPassword } from '../users';

/**
 * Changes the caller's password after checking the current one (the account's password, or the temporary
 * one a forgot-password email gave). The new one may be neither the password on file nor a common or
 * easy-to-guess one. The session in use stays, now free of any forced update; every other session of the
 * user is revoked, so a password change signs out a device that should not be there.
 */
export async function updatePassword(
  ctx: AppContext,
  session: SessionUser,
  request: PasswordUpdateRequest,
): Promise<void> {
  const wrongCurrent = () =>
    badRequest(OurMessages.currentPasswordWrong, { currentPassword: OurMessages.currentPasswordWrong });
  const { passwordHash, temporaryPasswordHash } = await findCredentials(ctx.db, session.userId, ctx.now());
  let checked: CheckedCredential | undefined;
  if (passwordHash && (await verifyPassword(passwordHash, request.currentPassword))) {
    checked = { kind: 'password', hash: passwordHash };
  } else if (
    temporaryPasswordHash &&
    (await verifyPassword(temporaryPasswordHash, request.currentPassword))
  ) {
    checked = { kind: 'temporary', hash: temporaryPasswordHash };
  }
  if (!checked) throw wrongCurrent();

  // The contract already refuses the current password typed again; after a temporary one, the password on
  // file is the one that would be reused.
  if (
    checked.kind === 'temporary' &&
    passwordHash &&
    (await verifyPassword(passwordHash, request.newPassword))
  ) {
    throw badRequest(OurMessages.newPasswordSameAsCurrent, {
      newPassword: OurMessages.newPasswordSameAsCurrent,
    });
  }
  if (await isGuessablePassword(request.newPassword, session)) {
    throw badRequest(OurMessages.newPasswordTooCommon, { newPassword: OurMessages.newPasswordTooCommon });
  }

  const newHash = await hashPassword(request.newPassword);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Only if the credential checked is still there: a concurrent change wins, and this one fails.
    if (!(await setPassword(tx, session.userId, newHash, now, checked))) throw wrongCurrent();
    await revokeSessions(tx, session.userId, now, { sessionId: session.sessionId });
  });
}
