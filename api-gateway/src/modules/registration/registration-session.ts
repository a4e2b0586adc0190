import { randomBytes, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { Messages, RegistrationMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { badRequest, conflict } from '../../http/errors';
import { keyedHash, keyedHashMatches } from '../../lib/keyed-hash';

/**
 * A registration is bound to the browser that started it by an HttpOnly, SameSite=Strict cookie holding
 * its id and a random secret (only a keyed hash is stored). Knowing someone's email is then not enough to
 * verify a mobile, upload a selfie or submit in their registration. The spec's payloads stay as they are.
 */
export const REGISTRATION_COOKIE = 'portal_registration';
export const REGISTRATION_COOKIE_PATH = '/api/affiliate';
/** A registration must be finished within a day of its first OTP. */
export const REGISTRATION_TTL_HOURS = 24;

export interface Registration {
  registrationId: string;
  email: string;
  emailVerifiedAt: Date | null;
  countryId: number | null;
  mobileNumber: string | null;
  mobileVerifiedAt: Date | null;
  selfieFileId: string | null;
  completedAt: Date | null;
  createdAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** The registration this browser holds, if its cookie is genuine and the registration has not timed out. */
export async function currentRegistration(
  ctx: AppContext,
  sql: Sql,
  req: Request,
  options: { forUpdate?: boolean } = {},
): Promise<Registration | undefined> {
  const [registrationId, secret] = (readCookie(req, REGISTRATION_COOKIE) ?? '').split('.');
  if (!registrationId || !secret || !UUID.test(registrationId)) return undefined;
  const { rows } = await sql.query<Registration & { clientSecretHash: string | null }>(
    `SELECT registration_id AS "registrationId", email, email_verified_at AS "emailVerifiedAt",
            country_id AS "countryId", mobile_number AS "mobileNumber", mobile_verified_at AS "mobileVerifiedAt",
            selfie_file_id AS "selfieFileId", completed_at AS "completedAt", created_at AS "createdAt",
            client_secret_hash AS "clientSecretHash"
       FROM registrations WHERE registration_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [registrationId],
  );
  if (!rows[0]) return undefined;
  const { clientSecretHash, ...registration } = rows[0];
  if (!clientSecretHash || !keyedHashMatches(ctx, 'registration-client', secret, clientSecretHash)) {
    return undefined;
  }
  const expiresAt = registration.createdAt.getTime() + REGISTRATION_TTL_HOURS * 3_600_000;
  return expiresAt <= ctx.now().getTime() ? undefined : registration;
}

/** The browser's registration for this email, still open; the checks every step after the first makes. */
export async function requireRegistration(
  ctx: AppContext,
  sql: Sql,
  req: Request,
  email: string,
  options: { emailVerified?: boolean; forUpdate?: boolean } = {},
): Promise<Registration> {
  const registration = await currentRegistration(ctx, sql, req, { forUpdate: options.forUpdate });
  if (!registration) throw badRequest(RegistrationMessages.registrationNotStarted);
  if (registration.email !== email) throw badRequest(Messages.emailChanged, { email: Messages.emailChanged });
  if (registration.completedAt) throw conflict(RegistrationMessages.registrationAlreadySubmitted);
  if (options.emailVerified && !registration.emailVerifiedAt) {
    throw badRequest(RegistrationMessages.emailNotVerified, { email: RegistrationMessages.emailNotVerified });
  }
  return registration;
}

export async function createRegistration(
  ctx: AppContext,
  sql: Sql,
  email: string,
  ip: string | undefined,
): Promise<{ registrationId: string; cookieValue: string }> {
  const registrationId = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  await sql.query(
    `INSERT INTO registrations (registration_id, email, ip, created_at, client_secret_hash) VALUES ($1, $2, $3, $4, $5)`,
    [registrationId, email, ip ?? null, ctx.now(), keyedHash(ctx, 'registration-client', secret)],
  );
  return { registrationId, cookieValue: `${registrationId}.${secret}` };
}

const cookieOptions = (req: Request) =>
  ({ httpOnly: true, sameSite: 'strict', secure: req.secure, path: REGISTRATION_COOKIE_PATH }) as const;

export function setRegistrationCookie(req: Request, res: Response, value: string): void {
  res.cookie(REGISTRATION_COOKIE, value, {
    ...cookieOptions(req),
    maxAge: REGISTRATION_TTL_HOURS * 3_600_000,
  });
}

export function clearRegistrationCookie(req: Request, res: Response): void {
  res.clearCookie(REGISTRATION_COOKIE, cookieOptions(req));
}
