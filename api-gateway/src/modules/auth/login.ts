import type { LoginRequest, LoginResponse } from '@portal/contracts';
import { AffiliateStatus as Status, OurMessages, RoleId, roleNameOf } from '@portal/contracts';
import { hashPassword, passwordNeedsRehash, verifyDecoy, verifyPassword } from '../../auth/password';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import type { HttpError } from '../../http/errors';
import { forbidden, tooMany, unauthorized } from '../../http/errors';
import type { RightsTable } from '../../http/session';
import { newSessionTimes, signSessionToken } from '../../http/session';
import { dropTemporaryPassword, rehashPassword } from '../users';
import type { LoginFailureReason } from './login-history';
import { recordLoginAttempt } from './login-history';
import { findSignInState, recordSuccessfulSignIn } from './login-queries';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Signs a user in: lockout first (no password work while locked), then the password (or a pending temporary
 * one from forgot password, which gives a session that must change it), then whether the account may sign
 * in at all. Every attempt is written to login history. Two statements in all on the common paths (one read:
 * lockout and account; one write: history, and the session on success), so the hash is most of the time.
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

  const { lockout, account: user } = await findSignInState(ctx.db, { userName, ip: client.ip, now });
  if (lockout) {
    const minutes = Math.ceil(lockout.retryAfterSeconds / 60);
    await fail(null, 'locked', tooMany(OurMessages.tooManyAttempts(minutes), lockout.retryAfterSeconds));
  }

  const invalid = unauthorized(OurMessages.invalidCredentials);
  if (!user) {
    await verifyDecoy(request.password);
    return fail(null, 'invalid_credentials', invalid);
  }
  const { userId } = user;
  const isAffiliate = user.roleId === RoleId.Affiliate;

  if (!user.passwordHash && !user.temporaryPasswordHash) {
    await verifyDecoy(request.password);
    // A registered affiliate gets a password only at the first KYC decision: tell them why, not "wrong password".
    if (isAffiliate && user.affiliateStatus === Status.Pending) {
      return fail(userId, 'kyc_pending', forbidden(OurMessages.kycPending));
    }
    if (isAffiliate && user.affiliateStatus === Status.Inactive) {
      return fail(userId, 'inactive', forbidden(OurMessages.accountInactive));
    }
    return fail(userId, 'invalid_credentials', invalid);
  }
  // The account's password first; a forgot-password request's temporary one only when that fails.
  const withPassword = !!user.passwordHash && (await verifyPassword(user.passwordHash, request.password));
  const withTemporaryPassword =
    !withPassword &&
    !!user.temporaryPasswordHash &&
    (await verifyPassword(user.temporaryPasswordHash, request.password));
  if (!withPassword && !withTemporaryPassword) {
    return fail(userId, 'invalid_credentials', invalid);
  }

  // The password is right from here on, so the account's state may be told.
  if (!user.isActive || (isAffiliate && user.affiliateStatus === Status.Inactive)) {
    return fail(userId, 'inactive', forbidden(OurMessages.accountInactive));
  }
  if (isAffiliate && user.affiliateStatus !== Status.Complete && user.affiliateStatus !== Status.Rejected) {
    return fail(userId, 'kyc_pending', forbidden(OurMessages.kycPending));
  }
  const userRole = roleNameOf(user.roleId);
  const userRights = rights.for(user.roleId, user.affiliateStatus);
  if (!userRole || userRights.length === 0) {
    return fail(userId, 'inactive', forbidden(OurMessages.accountInactive));
  }

  const rehashed =
    withPassword && passwordNeedsRehash(user.passwordHash!)
      ? await hashPassword(request.password)
      : undefined;
  const session = { ...newSessionTimes(ctx), userId };
  const record = (sql: Sql) =>
    recordSuccessfulSignIn(
      sql,
      { ...attempt, userId, success: true },
      {
        ...session,
        ip: client.ip,
        userAgent: client.userAgent,
        forcePasswordUpdate: withTemporaryPassword,
      },
    );
  // The owner remembers the password: a temporary one still waiting in a mailbox is only a risk now.
  const dropTemporary = withPassword && !!user.temporaryPasswordHash;
  const [token] = await Promise.all([
    signSessionToken(ctx, session),
    rehashed || dropTemporary
      ? ctx.db.transaction(async (tx) => {
          if (rehashed) await rehashPassword(tx, userId, rehashed);
          if (dropTemporary) await dropTemporaryPassword(tx, userId);
          await record(tx);
        })
      : record(ctx.db),
  ]);
  return {
    roleID: user.roleId,
    userRole,
    email: user.email,
    fullName: user.fullName,
    forcePasswordUpdate: user.forcePasswordUpdate || withTemporaryPassword,
    userRights: [...userRights],
    token,
    expiresAt: session.expiresAt.toISOString(),
  };
}
