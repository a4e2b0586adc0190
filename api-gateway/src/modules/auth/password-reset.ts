import { AffiliateStatus, RoleId } from '@portal/contracts';
import { generateTemporaryPassword, hashPassword } from '../../auth/password';
import type { AppContext } from '../../context';
import { enqueueMessage } from '../messaging/outbox';

export const RESET_EMAIL_SUBJECT = 'Your temporary password';
/** Resets per account within the window; more are ignored quietly, with the same answer. */
export const RESET_LIMIT = 3;
export const RESET_WINDOW_MINUTES = 60;

interface ResetTarget {
  user_id: number | string;
  email: string;
  full_name: string;
}

/**
 * Forgot password: an active account that may sign in gets a new temporary password by email and must
 * change it at the next sign-in. The caller learns nothing either way (same answer, same work).
 */
export async function resetPassword(ctx: AppContext, userName: string): Promise<void> {
  const now = ctx.now();
  const since = new Date(now.getTime() - RESET_WINDOW_MINUTES * 60_000);
  const temporaryPassword = generateTemporaryPassword();
  // Hashed before looking the account up, so an unknown email costs the same time as a known one.
  const passwordHash = await hashPassword(temporaryPassword);
  await ctx.db.transaction(async (tx) => {
    // FOR UPDATE: two resets at once for one account count against the limit one after the other.
    const { rows } = await tx.query<ResetTarget>(
      `SELECT u.user_id, u.email, u.full_name
         FROM users u
         LEFT JOIN affiliates a ON a.user_id = u.user_id
        WHERE lower(u.email) = lower($1) AND u.is_active
          AND (u.role_id <> $2 OR a.status IN ($3, $4))
        FOR UPDATE OF u`,
      [userName, RoleId.Affiliate, AffiliateStatus.Complete, AffiliateStatus.Rejected],
    );
    const user = rows[0];
    if (!user) return;
    const recent = await tx.query<{ sent: number | string }>(
      `SELECT count(*) AS sent FROM outbox
        WHERE lower(recipient) = lower($1) AND subject = $2 AND created_at > $3`,
      [user.email, RESET_EMAIL_SUBJECT, since],
    );
    if (Number(recent.rows[0]?.sent ?? 0) >= RESET_LIMIT) {
      ctx.logger.warn({ userId: Number(user.user_id) }, 'password reset limit reached; request ignored');
      return;
    }
    await tx.query(
      `UPDATE users SET password_hash = $2, force_password_update = true, password_changed_at = $3, updated_on = $3
        WHERE user_id = $1`,
      [user.user_id, passwordHash, now],
    );
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: user.email,
      subject: RESET_EMAIL_SUBJECT,
      body: resetEmailBody(user.full_name, temporaryPassword),
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
    'Sign in with it; you will be asked to choose a new password straight away.',
    'If you did not ask for this, sign in with the temporary password and change it, or contact support.',
  ].join('\n');
}
