import type {
  LoginResponse,
  SecondFactorConfirmRequest,
  SecondFactorConfirmResponse,
  SecondFactorRemoveRequest,
  SecondFactorResetResponse,
  SecondFactorSetup,
  SecondFactorSignInRequest,
  SecondFactorStatus,
} from '@portal/contracts';
import { AdminUserMessages, OurMessages, RoleId, SecondFactorMessages as M } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../http/errors';
import type { RightsTable, SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import type { SignInAccount } from '../users';
import { revokeSessions } from '../users';
import type { ClientInfo } from './login';
import { admitAccount, startSession } from './login';
import { reserveSignInAttempt, settleFailedAttempt } from './login-queries';
import { verifySecondFactorChallenge } from './second-factor-challenge';
import {
  confirmPendingSecret,
  findSecondFactor,
  hasSecondFactor,
  recoveryCodesLeft,
  removeSecondFactor,
  replaceRecoveryCodes,
  setEnrolmentRequired,
  storePendingSecret,
  takeRecoveryCode,
  takeTimeStep,
} from './second-factor-store';
import { enrolmentOf, matchingTimeStep, newRecoveryCodes, newTotpSecret } from './totp';

/** A code or a recovery code, as the contract normalised it. */
type Proof = { code?: string; recoveryCode?: string };

/** Does the proof hold for this user: a code for a time step not taken yet (taken now), or an unused recovery code (used now)? */
async function takeProof(ctx: AppContext, userId: number, proof: Proof): Promise<boolean> {
  const factor = await findSecondFactor(ctx.db, ctx.config.dataKeyring, userId);
  if (!factor?.confirmed) return false;
  if (proof.recoveryCode) return takeRecoveryCode(ctx.db, userId, proof.recoveryCode, ctx.now());
  if (!proof.code) return false;
  const step = matchingTimeStep(factor.secret, proof.code, ctx.now());
  return step !== undefined && takeTimeStep(ctx.db, userId, factor.stored, step);
}

/**
 * Checks a proof under the sign-in lockout: the attempt is counted first by `reserve_sign_in_attempt` (as a
 * wrong credential until settled) under the user name's lock, so codes sent at once are counted one after the
 * other and at most the account's limit of them are ever checked per window, on any number of gateways.
 */
async function checkUnderLockout(
  ctx: AppContext,
  userName: string,
  client: ClientInfo,
  check: (account: SignInAccount) => Promise<boolean>,
): Promise<{ attemptId: number; account: SignInAccount }> {
  const reservation = await reserveSignInAttempt(ctx.db, {
    at: ctx.now(),
    userId: null,
    userName,
    ip: client.ip,
    userAgent: client.userAgent,
    latitude: null,
    longitude: null,
    success: false,
  });
  if (reservation.lockout) {
    const { retryAfterSeconds } = reservation.lockout;
    throw tooMany(OurMessages.tooManyAttempts(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds);
  }
  const { attemptId, account } = reservation;
  if (!account || !(await check(account))) throw unauthorized(M.codeWrong);
  return { attemptId, account };
}

/** login/second-factor: the challenge from the password step and a code (or recovery code) give the session. */
export async function signInWithSecondFactor(
  ctx: AppContext,
  rights: RightsTable,
  request: SecondFactorSignInRequest,
  client: ClientInfo,
): Promise<LoginResponse> {
  const claims = await verifySecondFactorChallenge(ctx, request.challenge);
  if (!claims) throw unauthorized(M.challengeExpired);
  const { attemptId, account } = await checkUnderLockout(ctx, claims.userName, client, async (user) =>
    user.userId === claims.userId ? takeProof(ctx, user.userId, request) : false,
  );
  // Deactivated since the password step, for instance.
  const { userRole, userRights } = await admitAccount(ctx, rights, account, attemptId);
  return startSession(ctx, {
    user: account,
    userRole,
    userRights,
    attemptId,
    client,
    forcePasswordUpdate: claims.temporaryPassword,
    withSecondFactor: true,
  });
}

function staffOnly(session: SessionUser): void {
  if (session.roleID === RoleId.Affiliate) throw forbidden(M.staffOnly);
}

const isRequiredFor = (ctx: AppContext, roleId: number) =>
  roleId === RoleId.Admin && ctx.config.adminSecondFactor === 'required';

export async function secondFactorStatus(ctx: AppContext, session: SessionUser): Promise<SecondFactorStatus> {
  staffOnly(session);
  const factor = await findSecondFactor(ctx.db, ctx.config.dataKeyring, session.userId);
  return {
    enrolled: factor?.confirmed ?? false,
    required: isRequiredFor(ctx, session.roleID),
    recoveryCodesLeft: factor?.confirmed ? await recoveryCodesLeft(ctx.db, session.userId) : 0,
  };
}

/** A new pending secret (replacing an unconfirmed one); sign-in does not change until it is confirmed. */
export async function startSecondFactorSetup(
  ctx: AppContext,
  session: SessionUser,
): Promise<SecondFactorSetup> {
  staffOnly(session);
  const secret = newTotpSecret();
  if (!(await storePendingSecret(ctx.db, ctx.config.dataKeyring, session.userId, secret, ctx.now())))
    throw conflict(M.alreadyEnrolled);
  return enrolmentOf(secret, session.email);
}

/** The first code confirms the pending secret: ten recovery codes, and the caller's sessions are free again. */
export async function confirmSecondFactor(
  ctx: AppContext,
  session: SessionUser,
  request: SecondFactorConfirmRequest,
): Promise<SecondFactorConfirmResponse> {
  staffOnly(session);
  const factor = await findSecondFactor(ctx.db, ctx.config.dataKeyring, session.userId);
  if (!factor) throw conflict(M.noEnrolmentStarted);
  if (factor.confirmed) throw conflict(M.alreadyEnrolled);
  const now = ctx.now();
  const step = matchingTimeStep(factor.secret, request.code, now);
  if (step === undefined) throw badRequest(M.codeWrong, { code: M.codeWrong });
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction(async (tx: Sql) => {
    // Only the secret that was checked, still unconfirmed: a set-up restarted meanwhile wins.
    if (!(await confirmPendingSecret(tx, session.userId, factor.stored, step, now)))
      throw conflict(M.noEnrolmentStarted);
    await replaceRecoveryCodes(tx, session.userId, recoveryCodes);
    await setEnrolmentRequired(tx, session.userId, false);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'user.second_factor_enrol',
      entityType: 'user',
      entityId: session.userId,
      at: now,
    });
  });
  return { message: M.enrolled, recoveryCodes };
}

/**
 * Turns the caller's own factor off with a current code or a recovery code (checked under the sign-in lockout).
 * Other sessions end; an Admin who must have one is led to set it up again in this session.
 */
export async function removeOwnSecondFactor(
  ctx: AppContext,
  session: SessionUser,
  request: SecondFactorRemoveRequest,
  client: ClientInfo,
): Promise<void> {
  staffOnly(session);
  if (!(await hasSecondFactor(ctx.db, session.userId))) throw conflict(M.notEnrolled);
  const { attemptId } = await checkUnderLockout(ctx, session.email, client, async (user) =>
    user.userId === session.userId ? takeProof(ctx, session.userId, request) : false,
  );
  await settleFailedAttempt(ctx.db, attemptId, 'second_factor_checked');
  const now = ctx.now();
  await ctx.db.transaction(async (tx: Sql) => {
    if (!(await removeSecondFactor(tx, session.userId))) throw conflict(M.notEnrolled);
    await revokeSessions(tx, session.userId, now, { sessionId: session.sessionId });
    if (isRequiredFor(ctx, session.roleID))
      await setEnrolmentRequired(tx, session.userId, true, session.sessionId);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'user.second_factor_remove',
      entityType: 'user',
      entityId: session.userId,
      at: now,
    });
  });
}

/**
 * An admin resets another staff user's factor: removed with its recovery codes, the user's sessions end, and
 * the reset is audited. The user sets it up again at the next sign-in (an Admin must; Backoffice may).
 */
export async function resetSecondFactor(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
): Promise<SecondFactorResetResponse> {
  if (userId === actor.userId) throw conflict(M.resetSelf);
  const now = ctx.now();
  return ctx.db.transaction(async (tx: Sql) => {
    const { rows } = await tx.query<{ role_id: number }>(
      'SELECT role_id FROM users WHERE user_id = $1 FOR UPDATE',
      [userId],
    );
    const user = rows[0];
    if (!user) throw notFound(AdminUserMessages.notFound);
    if (user.role_id === RoleId.Affiliate) throw conflict(M.resetAffiliate);
    if (!(await removeSecondFactor(tx, userId))) throw conflict(M.resetNotEnrolled);
    await revokeSessions(tx, userId, now);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'user.second_factor_reset',
      entityType: 'user',
      entityId: userId,
      at: now,
    });
    return { message: M.resetDone, userID: userId };
  });
}
