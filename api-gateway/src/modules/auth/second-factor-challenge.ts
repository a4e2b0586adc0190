import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context';

// The password step's proof for the code step: a token signed like sessions but for another audience, so it
// can never be taken for a session token (session verification requires the session audience), and short-lived.
const ISSUER = 'affiliate-portal';
const AUDIENCE = 'affiliate-portal:second-factor';
const ALGORITHM = 'HS256';
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface SecondFactorChallengeClaims {
  userId: number;
  /** The user name as typed at the password step: the lockout counts the code step's attempts under it. */
  userName: string;
  /** Signed in with a forgot-password temporary password: the session must change it. */
  temporaryPassword: boolean;
}

export function signSecondFactorChallenge(
  ctx: AppContext,
  claims: SecondFactorChallengeClaims,
): Promise<string> {
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({ un: claims.userName, tmp: claims.temporaryPassword })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CHALLENGE_TTL_SECONDS)
    .sign(ctx.config.jwtSecret);
}

/** The claims of a valid, unexpired challenge; undefined for anything else. */
export async function verifySecondFactorChallenge(
  ctx: AppContext,
  token: string,
): Promise<SecondFactorChallengeClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, ctx.config.jwtSecret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: ctx.now(),
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.un !== 'string' || typeof payload.tmp !== 'boolean')
      return undefined;
    return { userId, userName: payload.un, temporaryPassword: payload.tmp };
  } catch {
    return undefined;
  }
}
