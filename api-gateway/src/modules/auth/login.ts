import type { AffiliateStatus, LoginRequest, LoginResponse } from '@portal/contracts';
import { AffiliateStatus as Status, OurMessages, RoleId, roleNameOf } from '@portal/contracts';
import { hashPassword, passwordNeedsRehash, verifyDecoy, verifyPassword } from '../../auth/password';
import type { AppContext } from '../../context';
import type { HttpError } from '../../http/errors';
import { forbidden, tooMany, unauthorized } from '../../http/errors';
import type { RightsTable } from '../../http/session';
import { issueSession } from '../../http/session';
import { findLockout } from './lockout';
import type { LoginFailureReason } from './login-history';
import { recordLoginAttempt } from './login-history';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

interface UserRow {
  user_id: number | string;
  role_id: number;
  email: string;
  full_name: string;
  password_hash: string | null;
  is_active: boolean;
  force_password_update: boolean;
  affiliate_status: AffiliateStatus | null;
}

/**
 * Signs a user in: lockout first (no password work while locked), then the password, then whether the
 * account may sign in at all. Every attempt is written to login history.
 */
export async function signIn(
  ctx: AppContext,
  rights: RightsTable,
  request: LoginRequest,
  client: ClientInfo,
): Promise<LoginResponse> {
  const now = ctx.now();
  const userName = request.userName;
  const attempt = {
    at: now,
    userName,
    ip: client.ip,
    userAgent: client.userAgent,
    latitude: request.latitude ?? null,
    longitude: request.longitude ?? null,
  };
  const fail = async (
    userId: number | null,
    reason: LoginFailureReason,
    error: HttpError,
  ): Promise<never> => {
    await recordLoginAttempt(ctx.db, { ...attempt, userId, success: false, failureReason: reason });
    throw error;
  };

  const lockout = await findLockout(ctx.db, { userName, ip: client.ip, now });
  if (lockout) {
    const minutes = Math.ceil(lockout.retryAfterSeconds / 60);
    await fail(null, 'locked', tooMany(OurMessages.tooManyAttempts(minutes), lockout.retryAfterSeconds));
  }

  const { rows } = await ctx.db.query<UserRow>(
    `SELECT u.user_id, u.role_id, u.email, u.full_name, u.password_hash, u.is_active, u.force_password_update,
            a.status AS affiliate_status
       FROM users u
       LEFT JOIN affiliates a ON a.user_id = u.user_id
      WHERE lower(u.email) = lower($1)`,
    [userName],
  );
  const user = rows[0];
  const invalid = unauthorized(OurMessages.invalidCredentials);
  if (!user) {
    await verifyDecoy(request.password);
    return fail(null, 'invalid_credentials', invalid);
  }
  const userId = Number(user.user_id);
  const isAffiliate = user.role_id === RoleId.Affiliate;

  if (!user.password_hash) {
    await verifyDecoy(request.password);
    // A registered affiliate gets a password only at the first KYC decision: tell them why, not "wrong password".
    if (isAffiliate && user.affiliate_status === Status.Pending) {
      return fail(userId, 'kyc_pending', forbidden(OurMessages.kycPending));
    }
    if (isAffiliate && user.affiliate_status === Status.Inactive) {
      return fail(userId, 'inactive', forbidden(OurMessages.accountInactive));
    }
    return fail(userId, 'invalid_credentials', invalid);
  }
  if (!(await verifyPassword(user.password_hash, request.password))) {
    return fail(userId, 'invalid_credentials', invalid);
  }

  // The password is right from here on, so the account's state may be told.
  if (!user.is_active || (isAffiliate && user.affiliate_status === Status.Inactive)) {
    return fail(userId, 'inactive', forbidden(OurMessages.accountInactive));
  }
  if (isAffiliate && user.affiliate_status !== Status.Complete && user.affiliate_status !== Status.Rejected) {
    return fail(userId, 'kyc_pending', forbidden(OurMessages.kycPending));
  }
  const userRole = roleNameOf(user.role_id);
  const userRights = rights.for(user.role_id, user.affiliate_status);
  if (!userRole || userRights.length === 0) {
    return fail(userId, 'inactive', forbidden(OurMessages.accountInactive));
  }

  const rehashed = passwordNeedsRehash(user.password_hash) ? await hashPassword(request.password) : undefined;
  const session = await ctx.db.transaction(async (tx) => {
    if (rehashed)
      await tx.query('UPDATE users SET password_hash = $2 WHERE user_id = $1', [userId, rehashed]);
    await recordLoginAttempt(tx, { ...attempt, userId, success: true });
    return issueSession(ctx, tx, userId, {
      ip: client.ip ?? undefined,
      userAgent: client.userAgent ?? undefined,
    });
  });
  return {
    roleID: user.role_id,
    userRole,
    email: user.email,
    fullName: user.full_name,
    forcePasswordUpdate: user.force_password_update,
    userRights: [...userRights],
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
  };
}
