import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AffiliateStatus, Right, RoleName } from '@portal/contracts';
import { roleNameOf } from '@portal/contracts';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';

const ISSUER = 'affiliate-portal';
const AUDIENCE = 'affiliate-portal';
const ALGORITHM = 'HS256';

/** The signed-in caller, as every authenticated handler sees it. */
export interface SessionUser {
  sessionId: string;
  userId: number;
  roleID: number;
  userRole: RoleName;
  email: string;
  fullName: string;
  rights: Right[];
  affiliateId: number | null;
  affiliateStatus: AffiliateStatus | null;
  forcePasswordUpdate: boolean;
  /** An Admin signed in without a second factor while it is required: may only set one up (issue 29). */
  secondFactorEnrolment: boolean;
}

export interface IssuedSession {
  sessionId: string;
  token: string;
  expiresAt: Date;
}

/**
 * Creates the session row and signs a token that names it; the row is what makes the token live. A session
 * signed in with a temporary password is created with `forcePasswordUpdate`: it may only change the password.
 */
export async function issueSession(
  ctx: AppContext,
  sql: Sql,
  userId: number,
  client: { ip?: string; userAgent?: string },
  options: { forcePasswordUpdate?: boolean } = {},
): Promise<IssuedSession> {
  const { sessionId, issuedAt, expiresAt } = newSessionTimes(ctx);
  await sql.query(
    `INSERT INTO sessions (session_id, user_id, created_at, expires_at, last_seen_at, ip, user_agent, force_password_update)
     VALUES ($1, $2, $3, $4, $3, $5, $6, $7)`,
    [
      sessionId,
      userId,
      issuedAt,
      expiresAt,
      client.ip ?? null,
      client.userAgent ?? null,
      options.forcePasswordUpdate ?? false,
    ],
  );
  const token = await signSessionToken(ctx, { sessionId, userId, issuedAt, expiresAt });
  return { sessionId, token, expiresAt };
}

/** A session's id and times, for a caller that writes the session row itself (sign-in, with its history row). */
export function newSessionTimes(ctx: AppContext): { sessionId: string; issuedAt: Date; expiresAt: Date } {
  const issuedAt = ctx.now();
  return {
    sessionId: randomUUID(),
    issuedAt,
    expiresAt: new Date(issuedAt.getTime() + ctx.config.sessionTtlMinutes * 60_000),
  };
}

/** The signed token naming a session row; the row is what makes it live. */
export function signSessionToken(
  ctx: AppContext,
  session: { sessionId: string; userId: number; issuedAt: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ sid: session.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(session.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(session.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
    .sign(ctx.config.jwtSecret);
}

/**
 * The live session a bearer token names, or undefined: what every authenticated call uses. The token's
 * signature, algorithm, issuer, audience and expiry are verified, then one query loads its session: not
 * revoked, not expired, its user active and, for an affiliate, in a status that may sign in.
 */
export async function sessionForToken(
  ctx: AppContext,
  rights: RightsTable,
  token: string,
): Promise<SessionUser | undefined> {
  const verified = await jwtVerify(token, ctx.config.jwtSecret, {
    algorithms: [ALGORITHM],
    issuer: ISSUER,
    audience: AUDIENCE,
    currentDate: ctx.now(),
  }).catch(() => undefined);
  const claims = verified?.payload;
  if (typeof claims?.sid !== 'string' || typeof claims.sub !== 'string') return undefined;
  const { rows } = await ctx.db.query<Omit<SessionUser, 'userRole' | 'rights'>>(
    `SELECT s.session_id AS "sessionId", u.user_id AS "userId", u.role_id AS "roleID", u.email,
            u.full_name AS "fullName", (u.force_password_update OR s.force_password_update) AS "forcePasswordUpdate",
            s.second_factor_enrolment AS "secondFactorEnrolment",
            a.affiliate_id AS "affiliateId", a.status AS "affiliateStatus"
       FROM sessions s
       JOIN users u ON u.user_id = s.user_id
       LEFT JOIN affiliates a ON a.user_id = u.user_id
      WHERE s.session_id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3 AND u.is_active`,
    [claims.sid, Number(claims.sub), ctx.now()],
  );
  const row = rows[0];
  const userRole = row && roleNameOf(row.roleID);
  if (!userRole) return undefined;
  const userRights = rights.for(row.roleID, row.affiliateStatus);
  if (userRole === 'Affiliate' && userRights.length === 0) return undefined;
  return { ...row, userRole, rights: [...userRights] };
}

/** role_rights, read once: reference data that only migrations and the seed change. */
export interface RightsTable {
  for(roleID: number, affiliateStatus: AffiliateStatus | null): readonly Right[];
}

export async function loadRightsTable(sql: Sql): Promise<RightsTable> {
  const { rows } = await sql.query<{ role_id: number; affiliate_status: string | null; right_key: Right }>(
    'SELECT role_id, affiliate_status, right_key FROM role_rights ORDER BY role_id, right_key',
  );
  const byKey = new Map<string, Right[]>();
  for (const row of rows) {
    const key = `${row.role_id}|${row.affiliate_status ?? ''}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row.right_key]);
  }
  return {
    for: (roleID, affiliateStatus) => [
      ...(byKey.get(`${roleID}|`) ?? []),
      ...(affiliateStatus ? (byKey.get(`${roleID}|${affiliateStatus}`) ?? []) : []),
    ],
  };
}
