import type { LoginRequest, LoginResponse } from '@portal/contracts';
import { AffiliateStatus as Status, OurMessages, RoleId, roleNameOf } from '@portal/contracts';
import { hashPassword, passwordNeedsRehash, verifyDecoy, verifyPassword } from '../../auth/password';
import { authCacheFor } from '../../auth/session-cache';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import type { HttpError } from '../../http/errors';
import { forbidden, tooMany, unauthorized } from '../../http/errors';
import type { RightsTable } from '../../http/session';
import { newSessionTimes, signSessionToken } from '../../http/session';
import type { SignInAccount } from '../users';
import { dropTemporaryPassword, rehashPassword } from '../users';
import type { LoginFailureReason } from './login-history';
import { recordLoginAttempt } from './login-history';
import type { Lockout } from './lockout';
import { RecentLocks } from './lockout';
import { findLockout, findSignInState, recordSuccessfulSignIn } from './login-queries';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

const recentLocks = new WeakMap<AppContext, RecentLocks>();

function recentLocksFor(ctx: AppContext): RecentLocks {
  let locks = recentLocks.get(ctx);
  if (!locks) {
    locks = new RecentLocks();
    recentLocks.set(ctx, locks);
  }
  return locks;
}

/** The temporary password's hash while it lives (the account may have been read a while ago). */
function liveTemporaryPassword(user: SignInAccount | undefined, now: Date): string | null {
  if (!user?.temporaryPasswordHash) return null;
  const expiresAt = user.temporaryPasswordExpiresAt;
  return !expiresAt || expiresAt.getTime() > now.getTime() ? user.temporaryPasswordHash : null;
}

interface PasswordCheck {
  withPassword: boolean;
  withTemporaryPassword: boolean;
}

/**
 * The account's password first; a forgot-password request's temporary one (while it lives) only when that
 * fails. Without an account, or an account without any password, a decoy verification of the same cost.
 */
async function checkPassword(
  user: SignInAccount | undefined,
  password: string,
  now: Date,
): Promise<PasswordCheck> {
  const temporaryPasswordHash = liveTemporaryPassword(user, now);
  if (!user?.passwordHash && !temporaryPasswordHash) {
    await verifyDecoy(password);
    return { withPassword: false, withTemporaryPassword: false };
  }
  const withPassword = !!user?.passwordHash && (await verifyPassword(user.passwordHash, password));
  const withTemporaryPassword =
    !withPassword && !!temporaryPasswordHash && (await verifyPassword(temporaryPasswordHash, password));
  return { withPassword, withTemporaryPassword };
}

/**
 * Signs a user in: lockout first (no answer but 429 while locked), then the password (or a pending temporary
 * one from forgot password, which gives a session that must change it), then whether the account may sign
 * in at all. Every attempt is written to login history. Two statements in all on the common paths (one read,
 * one write: history, and the session on success), so the hash is most of the time.
 *
 * The account as the last sign-in with the same user name read it is kept in memory (the session cache,
 * emptied by every change to users, affiliates or temporary passwords, on every gateway): with it, the
 * password check starts at once and the read is only the lockout's, running meanwhile; a lock found then
 * answers 429 without waiting for the check, and writes what a locked attempt always wrote. Unknown user
 * names are kept the same way, so a known and an unknown address take the same path and the same time
 * (docs/decisions.md, "Sign-in: credentials in memory").
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
  const locked = async (lockout: Lockout): Promise<never> => {
    recentLocksFor(ctx).remember(userName, client.ip, lockout, now);
    const minutes = Math.ceil(lockout.retryAfterSeconds / 60);
    return fail(null, 'locked', tooMany(OurMessages.tooManyAttempts(minutes), lockout.retryAfterSeconds));
  };

  const cache = authCacheFor(ctx);
  const lockoutRequest = { userName, ip: client.ip, now };
  const known = recentLocksFor(ctx).mayBeLocked(userName, client.ip, now)
    ? undefined
    : cache.knownSignInAccount<SignInAccount>(userName);
  let user: SignInAccount | undefined;
  let check: PasswordCheck;
  if (known) {
    user = known.account;
    const checking = checkPassword(user, request.password, now);
    // Nobody waits for it when the lockout read fails or finds a lock.
    checking.catch(() => undefined);
    const lockout = await findLockout(ctx.db, lockoutRequest);
    if (lockout) await locked(lockout);
    check = await checking;
  } else {
    const state = await cache.readSignInAccount(userName, () => findSignInState(ctx.db, lockoutRequest));
    if (state.lockout) await locked(state.lockout);
    user = state.account;
    check = await checkPassword(user, request.password, now);
  }
  const { withPassword, withTemporaryPassword } = check;

  const invalid = unauthorized(OurMessages.invalidCredentials);
  if (!user) return fail(null, 'invalid_credentials', invalid);
  const { userId } = user;
  const isAffiliate = user.roleId === RoleId.Affiliate;

  if (!withPassword && !withTemporaryPassword) {
    // A registered affiliate gets a password only at the first KYC decision: tell them why, not "wrong password".
    if (!user.passwordHash && !liveTemporaryPassword(user, now)) {
      if (isAffiliate && user.affiliateStatus === Status.Pending) {
        return fail(userId, 'kyc_pending', forbidden(OurMessages.kycPending));
      }
      if (isAffiliate && user.affiliateStatus === Status.Inactive) {
        return fail(userId, 'inactive', forbidden(OurMessages.accountInactive));
      }
    }
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
  const dropTemporary = withPassword && !!liveTemporaryPassword(user, now);
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
