import type { LoginAnswer, LoginRequest, LoginResponse, Right, RoleName } from '@portal/contracts';
import {
  AffiliateStatus as Status,
  OurMessages,
  RoleId,
  SecondFactorMessages,
  roleNameOf,
} from '@portal/contracts';
import { hashPassword, passwordNeedsRehash, verifyDecoy, verifyPassword } from '../../auth/password';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import type { HttpError } from '../../http/errors';
import { forbidden, tooMany, unauthorized } from '../../http/errors';
import type { RightsTable } from '../../http/session';
import { newSessionTimes, signSessionToken } from '../../http/session';
import type { SignInAccount } from '../users';
import { dropTemporaryPassword, rehashPassword } from '../users';
import { recordSuccessfulSignIn, reserveSignInAttempt, settleFailedAttempt } from './login-queries';
import { signSecondFactorChallenge } from './second-factor-challenge';
import { findSecondFactor, hasSecondFactor } from './second-factor-store';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** The temporary password's hash while it lives. */
function liveTemporaryPassword(user: SignInAccount | undefined, now: Date): string | null {
  if (!user?.temporaryPasswordHash) return null;
  const expiresAt = user.temporaryPasswordExpiresAt;
  return !expiresAt || expiresAt.getTime() > now.getTime() ? user.temporaryPasswordHash : null;
}

/**
 * The account's password first; a forgot-password request's temporary one (while it lives) only when that
 * fails. Without an account, or an account without any password, a decoy verification of the same cost, so
 * answer times do not tell which emails exist.
 */
async function checkPassword(user: SignInAccount | undefined, password: string, now: Date) {
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
 * Signs a user in. The attempt is counted first, by the database (`reserveSignInAttempt`: no answer but 429
 * while the account or the IP is locked, and attempts sent at once are counted one after the other), then the
 * password (or a pending temporary one from forgot password, which gives a session that must change it) is
 * checked, then whether the account may sign in at all. A wrong password needs nothing more: the attempt was
 * written as one. A success marks it so and writes the session in one statement.
 */
export async function signIn(
  ctx: AppContext,
  rights: RightsTable,
  request: LoginRequest,
  client: ClientInfo,
): Promise<LoginAnswer> {
  const now = ctx.now();
  const reservation = await reserveSignInAttempt(ctx.db, {
    at: now,
    userId: null,
    userName: request.userName,
    ip: client.ip,
    userAgent: client.userAgent,
    latitude: request.latitude ?? null,
    longitude: request.longitude ?? null,
    success: false,
  });
  if (reservation.lockout) {
    const { retryAfterSeconds } = reservation.lockout;
    throw tooMany(OurMessages.tooManyAttempts(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds);
  }
  const { attemptId, account: user } = reservation;
  const refuse = async (reason: 'kyc_pending' | 'inactive', error: HttpError): Promise<never> => {
    await settleFailedAttempt(ctx.db, attemptId, reason);
    throw error;
  };

  const { withPassword, withTemporaryPassword } = await checkPassword(user, request.password, now);
  const invalid = unauthorized(OurMessages.invalidCredentials);
  if (!user) throw invalid;
  const isAffiliate = user.roleId === RoleId.Affiliate;

  if (!withPassword && !withTemporaryPassword) {
    // A registered affiliate gets a password only at the first KYC decision: tell them why, not "wrong password".
    if (!user.passwordHash && !liveTemporaryPassword(user, now)) {
      if (isAffiliate && user.affiliateStatus === Status.Pending) {
        return refuse('kyc_pending', forbidden(OurMessages.kycPending));
      }
      if (isAffiliate && user.affiliateStatus === Status.Inactive) {
        return refuse('inactive', forbidden(OurMessages.accountInactive));
      }
    }
    throw invalid;
  }

  // The password is right from here on, so the account's state may be told.
  const { userRole, userRights } = await admitAccount(ctx, rights, user, attemptId);

  const rehashed =
    withPassword && user.passwordHash && passwordNeedsRehash(user.passwordHash)
      ? await hashPassword(request.password)
      : undefined;
  // The owner remembers the password: a temporary one still waiting in a mailbox is only a risk now.
  const dropTemporary = withPassword && !!liveTemporaryPassword(user, now);
  const passwordUpkeep = async (tx: Sql) => {
    if (rehashed) await rehashPassword(tx, user.userId, rehashed);
    if (dropTemporary) await dropTemporaryPassword(tx, user.userId);
  };

  // Staff with a second factor: no session yet. The attempt is settled as not counting (only a wrong code
  // counts from here) and not as a success (which would start the lockout's count afresh before any code).
  const secondFactor =
    user.roleId === RoleId.Affiliate
      ? undefined
      : await findSecondFactor(ctx.db, ctx.config.dataKeyring, user.userId);
  if (secondFactor?.confirmed) {
    await ctx.db.transaction(async (tx) => {
      await passwordUpkeep(tx);
      await settleFailedAttempt(tx, attemptId, 'second_factor_pending');
    });
    return {
      secondFactorRequired: true,
      challenge: await signSecondFactorChallenge(ctx, {
        userId: user.userId,
        userName: request.userName,
        temporaryPassword: withTemporaryPassword,
      }),
      message: SecondFactorMessages.codeNeeded,
    };
  }
  return startSession(ctx, {
    user,
    userRole,
    userRights,
    attemptId,
    client,
    forcePasswordUpdate: withTemporaryPassword,
    before: rehashed || dropTemporary ? passwordUpkeep : undefined,
  });
}

/**
 * May this account (whose credential was right) sign in: active, an affiliate past KYC, a role with rights?
 * A refusal settles the attempt so that it does not count toward the lockout.
 */
export async function admitAccount(
  ctx: AppContext,
  rights: RightsTable,
  user: SignInAccount,
  attemptId: number,
): Promise<{ userRole: RoleName; userRights: readonly Right[] }> {
  const refuse = async (reason: 'kyc_pending' | 'inactive', error: HttpError): Promise<never> => {
    await settleFailedAttempt(ctx.db, attemptId, reason);
    throw error;
  };
  const isAffiliate = user.roleId === RoleId.Affiliate;
  if (!user.isActive || (isAffiliate && user.affiliateStatus === Status.Inactive)) {
    return refuse('inactive', forbidden(OurMessages.accountInactive));
  }
  if (isAffiliate && user.affiliateStatus !== Status.Complete && user.affiliateStatus !== Status.Rejected) {
    return refuse('kyc_pending', forbidden(OurMessages.kycPending));
  }
  const userRole = roleNameOf(user.roleId);
  const userRights = rights.for(user.roleId, user.affiliateStatus);
  if (!userRole || userRights.length === 0) {
    return refuse('inactive', forbidden(OurMessages.accountInactive));
  }
  return { userRole, userRights };
}

/**
 * The attempt marked a success and the session written (in one statement; after `before` in one transaction
 * when given), answering the spec's login response. An Admin without a second factor while it is required gets
 * a session that may only set one up (`secondFactorEnrolment`), as a forced password update works.
 */
export async function startSession(
  ctx: AppContext,
  args: {
    user: SignInAccount;
    userRole: RoleName;
    userRights: readonly Right[];
    attemptId: number;
    client: ClientInfo;
    forcePasswordUpdate: boolean;
    /** Set when the account has a second factor and just used it. */
    withSecondFactor?: boolean;
    before?: (tx: Sql) => Promise<void>;
  },
): Promise<LoginResponse> {
  const { user, attemptId, client } = args;
  const secondFactorEnrolment =
    !args.withSecondFactor &&
    user.roleId === RoleId.Admin &&
    ctx.config.adminSecondFactor === 'required' &&
    !(await hasSecondFactor(ctx.db, user.userId));
  const session = { ...newSessionTimes(ctx), userId: user.userId };
  const record = (sql: Sql) =>
    recordSuccessfulSignIn(sql, attemptId, {
      ...session,
      ip: client.ip,
      userAgent: client.userAgent,
      forcePasswordUpdate: args.forcePasswordUpdate,
      secondFactorEnrolment,
    });
  const { before } = args;
  if (before) {
    await ctx.db.transaction(async (tx) => {
      await before(tx);
      await record(tx);
    });
  } else {
    await record(ctx.db);
  }
  return {
    roleID: user.roleId,
    userRole: args.userRole,
    email: user.email,
    fullName: user.fullName,
    forcePasswordUpdate: user.forcePasswordUpdate || args.forcePasswordUpdate,
    userRights: [...args.userRights],
    token: await signSessionToken(ctx, session),
    expiresAt: session.expiresAt.toISOString(),
    ...(secondFactorEnrolment ? { secondFactorEnrolment: true as const } : {}),
  };
}
