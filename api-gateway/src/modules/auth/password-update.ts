import type { PasswordUpdateRequest } from '@portal/contracts';
import { OurMessages } from '@portal/contracts';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import type { SessionUser } from '../../http/session';

/**
 * Changes the caller's password after checking the current one. The session in use stays; every other
 * session of the user is revoked, so a password change signs out a device that should not be there.
 */
export async function updatePassword(
  ctx: AppContext,
  session: SessionUser,
  request: PasswordUpdateRequest,
): Promise<void> {
  const { rows } = await ctx.db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE user_id = $1',
    [session.userId],
  );
  const currentHash = rows[0]?.password_hash;
  if (!currentHash || !(await verifyPassword(currentHash, request.currentPassword))) {
    throw badRequest(OurMessages.currentPasswordWrong, { currentPassword: OurMessages.currentPasswordWrong });
  }
  const newHash = await hashPassword(request.newPassword);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Only if the hash is still the one checked: a concurrent change or reset wins, and this one fails.
    const updated = await tx.query(
      `UPDATE users SET password_hash = $2, force_password_update = false, password_changed_at = $3, updated_on = $3
        WHERE user_id = $1 AND password_hash = $4`,
      [session.userId, newHash, now, currentHash],
    );
    if (updated.rowCount !== 1) {
      throw badRequest(OurMessages.currentPasswordWrong, {
        currentPassword: OurMessages.currentPasswordWrong,
      });
    }
    await tx.query(
      `UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND session_id <> $2 AND revoked_at IS NULL`,
      [session.userId, session.sessionId, now],
    );
  });
}
