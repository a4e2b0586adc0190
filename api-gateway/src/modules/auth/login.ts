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
import { findLockout, findSignInAccount, findSignInState, recordSuccessfulSignIn } from './login-queries';

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

interface PreparedSuccess {
  session: { sessionId: string; userId: number; issuedAt: Date; expiresAt: Date };
  /** The session's signed token; sent only once the password proved right and the session row is written. */
  token: Promise<string>;
  /** The stored hash was made with weaker settings than today's (rehashed on a success with it). */
  needsRehash: boolean;
}

/** A success's session id and times, its token and whether the hash is to be renewed: none of it reads a row. */
function prepareSuccess(ctx: AppContext, user: SignInAccount): PreparedSuccess {
  const session = { ...newSessionTimes(ctx), userId: user.userId };
  const token = signSessionToken(ctx, session);
  // Awaited on a success only.
  token.catch(() => undefined);
  return {
    session,
    token,
    needsRehash: !!user.passwordHash && passwordNeedsRehash(user.passwordHash),
  };
}

/**
 * Signs a user in: lockout first (no answer but 429 while locked), then the password (or a pending temporary
 * one from forgot password, which gives a session that must change it), then whether the account may sign
 * in at all. Every attempt is written to login history. Only the write (history, and the session on success)
 * follows the hash; everything else runs before it starts or while it runs.
 *
 * The account as the last sign-in with the same user name read it is kept in memory (the session cache,
 * emptied by every change to users, affiliates or temporary passwords, on every gateway): with it, the
 * password check starts at once; without it, after a read of the account alone. The lockout is read while
 * the password is checked; a lock found then answers 429 without waiting for the check, and writes what a
 * locked attempt always wrote. A "not locked" answer is kept for the user name and the IP until the database
 * announces a wrong-password failure of either (a lock begins only with one), so a known account's sign-in
 * reads nothing: on a 2-core machine work in the verify's shadow still slows the verify. The session's id
 * and token are made meanwhile too. Unknown user names are kept the same way, so a known and an unknown
 * address take the same path and the same time
 * (docs/decisions.md, "Sign-in: credentials in memory" and "Sign-in alone").
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
  let user: SignInAccount | undefined;
  let check: PasswordCheck;
  let success: PreparedSuccess | undefined;
  if (recentLocksFor(ctx).mayBeLocked(userName, client.ip, now)) {
    // A lock was seen lately: the old order (lockout and account in one read, then the check), so that an
    // attempt at a locked account or from a locked IP costs one read and no argon2 verification.
    const state = await cache.readSignInAccount(userName, () => findSignInState(ctx.db, lockoutRequest));
    if (state.lockout) await locked(state.lockout);
    user = state.account;
    check = await checkPassword(user, request.password, now);
  } else {
    // The account from memory, or read alone; then its password check starts, and the lockout is read
    // meanwhile (argon2 runs on libuv's pool, the main thread is free).
    const known = cache.knownSignInAccount<SignInAccount>(userName);
    user = known
      ? known.account
      : (await cache.readSignInAccount(userName, () => findSignInAccount(ctx.db, lockoutRequest))).account;
    const checking = checkPassword(user, request.password, now);
    // Nobody waits for it when the lockout read fails or finds a lock.
    checking.catch(() => undefined);
    // What a success needs besides its write, made while the password is checked: thrown away otherwise.
    success = user && prepareSuccess(ctx, user);
    const lockout = cache.knownUnlocked(userName, client.ip)
      ? undefined
      : await cache.readLockout(userName, client.ip, () => findLockout(ctx.db, lockoutRequest));
    if (lockout) await locked(lockout);
    check = await checking;
  }
  const { withPassword, withTemporaryPassword } = check;

  // Made only on the way out: an Error captures a stack, and a success never throws it.
  const invalid = () => unauthorized(OurMessages.invalidCredentials);
  if (!user) return fail(null, 'invalid_credentials', invalid());
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
    return fail(userId, 'invalid_credentials', invalid());
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

  success ??= prepareSuccess(ctx, user);
  const { session, needsRehash } = success;
  const rehashed = withPassword && needsRehash ? await hashPassword(request.password) : undefined;
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
    success.token,
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
