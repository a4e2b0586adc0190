import type { AffiliateStatus } from '@portal/contracts';
import { AffiliateStatus as Status, RoleId } from '@portal/contracts';
import type { Sql } from '../../db/database';

/**
 * Every write to a user's credentials, activity and sessions, written once for every module that needs it
 * (sign-in, forgot password, password update, KYC decisions, and the admin user screens to come). Sessions
 * are read from the database on every call, so a change here holds from the next call on, on every gateway.
 */

/** What signing in needs to know about an account, with its live temporary password if it has one (read by auth's sign-in query). */
export interface SignInAccount {
  userId: number;
  roleId: number;
  email: string;
  fullName: string;
  passwordHash: string | null;
  /** The pending temporary password of a forgot-password request, if one had not expired when read. */
  temporaryPasswordHash: string | null;
  /** When that temporary password stops working. */
  temporaryPasswordExpiresAt: Date | null;
  isActive: boolean;
  forcePasswordUpdate: boolean;
  affiliateStatus: AffiliateStatus | null;
}

/** The user's password hash and live temporary password hash, for checking a current password. */
export async function findCredentials(
  sql: Sql,
  userId: number,
  now: Date,
): Promise<{ passwordHash: string | null; temporaryPasswordHash: string | null }> {
  const { rows } = await sql.query<{ passwordHash: string | null; temporaryPasswordHash: string | null }>(
    `SELECT u.password_hash AS "passwordHash", t.password_hash AS "temporaryPasswordHash"
       FROM users u
       LEFT JOIN temporary_passwords t ON t.user_id = u.user_id AND t.expires_at > $2
      WHERE u.user_id = $1`,
    [userId, now],
  );
  return rows[0] ?? { passwordHash: null, temporaryPasswordHash: null };
}

export async function hasPassword(sql: Sql, userId: number): Promise<boolean> {
  const { rows } = await sql.query<{ has_password: boolean }>(
    'SELECT password_hash IS NOT NULL AS has_password FROM users WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.has_password ?? false;
}

/** Who may be sent a temporary password: an active account that may sign in, locked for the caller's transaction. */
export async function findResetTarget(
  sql: Sql,
  email: string,
): Promise<{ userId: number; email: string; fullName: string } | undefined> {
  // FOR UPDATE: two resets at once for one account count against its limit one after the other.
  const { rows } = await sql.query<{ userId: number; email: string; fullName: string }>(
    `SELECT u.user_id AS "userId", u.email, u.full_name AS "fullName"
       FROM users u
       LEFT JOIN affiliates a ON a.user_id = u.user_id
      WHERE lower(u.email) = lower($1) AND u.is_active
        AND (u.role_id <> $2 OR a.status IN ($3, $4))
        FOR UPDATE OF u`,
    [email, RoleId.Affiliate, Status.Complete, Status.Rejected],
  );
  return rows[0];
}

/** Which credential a current password was checked against; the change applies only if it is still there. */
export type CheckedCredential = { kind: 'password' | 'temporary'; hash: string };

/**
 * Sets the password the user chose: no forced update any more (on the account or any of its sessions) and
 * no pending temporary password. With `ifUnchanged`, only while the credential checked is still the same
 * (a concurrent change wins); answers whether the password was set.
 */
export async function setPassword(
  sql: Sql,
  userId: number,
  passwordHash: string,
  now: Date,
  ifUnchanged?: CheckedCredential,
): Promise<boolean> {
  const condition =
    ifUnchanged === undefined
      ? ''
      : ifUnchanged.kind === 'password'
        ? 'AND password_hash = $4'
        : 'AND EXISTS (SELECT 1 FROM temporary_passwords WHERE user_id = $1 AND password_hash = $4)';
  const updated = await sql.query(
    `UPDATE users SET password_hash = $2, force_password_update = false, password_changed_at = $3, updated_on = $3
      WHERE user_id = $1 ${condition}`,
    ifUnchanged ? [userId, passwordHash, now, ifUnchanged.hash] : [userId, passwordHash, now],
  );
  if (updated.rowCount !== 1) return false;
  await dropTemporaryPassword(sql, userId);
  await sql.query(
    'UPDATE sessions SET force_password_update = false WHERE user_id = $1 AND force_password_update',
    [userId],
  );
  return true;
}

/**
 * Replaces the password with a generated one that must be changed at the next sign-in: the credentials of
 * a first KYC decision (and of users an admin creates).
 */
export async function setTemporaryPassword(
  sql: Sql,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await sql.query(
    `UPDATE users SET password_hash = $2, force_password_update = true, password_changed_at = $3, updated_on = $3
      WHERE user_id = $1`,
    [userId, passwordHash, now],
  );
  await dropTemporaryPassword(sql, userId);
}

/**
 * Forgot password: a second, pending credential that expires. The account's password is not touched, so an
 * anonymous request never locks its owner out; a later request replaces the pending one.
 */
export async function issuePendingTemporaryPassword(
  sql: Sql,
  userId: number,
  passwordHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await sql.query(
    `INSERT INTO temporary_passwords (user_id, password_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET password_hash = $2, created_at = $3, expires_at = $4`,
    [userId, passwordHash, now, expiresAt],
  );
}

export async function dropTemporaryPassword(sql: Sql, userId: number): Promise<void> {
  await sql.query('DELETE FROM temporary_passwords WHERE user_id = $1', [userId]);
}

/** The same password under today's hash settings (sign-in rehashes when they grow). */
export async function rehashPassword(sql: Sql, userId: number, passwordHash: string): Promise<void> {
  await sql.query('UPDATE users SET password_hash = $2 WHERE user_id = $1', [userId, passwordHash]);
}

/** Ends every live session of the user, but the one given in `except` (the caller's own, on a password change). */
export async function revokeSessions(
  sql: Sql,
  userId: number,
  now: Date,
  except?: { sessionId: string },
): Promise<void> {
  await sql.query(
    `UPDATE sessions SET revoked_at = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND session_id IS DISTINCT FROM $3`,
    [userId, now, except?.sessionId ?? null],
  );
}

/** Logout: this session only. */
export async function revokeSession(sql: Sql, sessionId: string, now: Date): Promise<void> {
  await sql.query('UPDATE sessions SET revoked_at = $2 WHERE session_id = $1 AND revoked_at IS NULL', [
    sessionId,
    now,
  ]);
}

/** Deactivating a user also ends its sessions at once; activating one lets it sign in again. */
export async function setActive(sql: Sql, userId: number, active: boolean, now: Date): Promise<void> {
  await sql.query('UPDATE users SET is_active = $2, updated_on = $3 WHERE user_id = $1', [
    userId,
    active,
    now,
  ]);
  if (!active) await revokeSessions(sql, userId, now);
}

/** The fields an admin sets on a user's record (the user forms of spec §5). */
export interface UserDetailsInput {
  fullName: string;
  email: string;
  phoneCode: string;
  mobileNumber: string;
  roleId: number;
  /** Null when the role does not show country (spec §5: countryID is stored only then). */
  countryId: number | null;
}

/**
 * A user an admin creates: signs in with the generated password and must change it first
 * (`force_password_update`). Answers the new user's id.
 */
export async function insertUser(
  sql: Sql,
  details: UserDetailsInput,
  temporaryPasswordHash: string,
  now: Date,
): Promise<number> {
  const { rows } = await sql.query<{ user_id: string | number }>(
    `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id,
                        is_active, force_password_update, password_changed_at, created_on, updated_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, true, true, $8, $8, $8) RETURNING user_id`,
    [
      details.fullName,
      details.email,
      temporaryPasswordHash,
      details.roleId,
      details.phoneCode,
      details.mobileNumber,
      details.countryId,
      now,
    ],
  );
  return Number(rows[0].user_id);
}

/** An admin's edit of a user's name, email, phone, role and country (the role stays for affiliates). */
export async function updateUserDetails(
  sql: Sql,
  userId: number,
  details: UserDetailsInput,
  now: Date,
): Promise<void> {
  await sql.query(
    `UPDATE users SET full_name = $2, email = $3, phone_code = $4, mobile_number = $5, role_id = $6,
                      country_id = $7, updated_on = $8
      WHERE user_id = $1`,
    [
      userId,
      details.fullName,
      details.email,
      details.phoneCode,
      details.mobileNumber,
      details.roleId,
      details.countryId,
      now,
    ],
  );
}

/** Whether an email is taken by any user but `exceptUserId` (affiliates included: they are users too). */
export async function emailTaken(sql: Sql, email: string, exceptUserId?: number): Promise<boolean> {
  const { rows } = await sql.query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1) AND user_id <> $2)
         OR EXISTS (SELECT 1 FROM affiliates WHERE lower(email) = lower($1) AND user_id <> $2) AS taken`,
    [email, exceptUserId ?? 0],
  );
  return rows[0].taken;
}

/** The name a user signs in as; kept in step with the affiliate record when re-KYC corrects it. */
export async function setFullName(sql: Sql, userId: number, fullName: string, now: Date): Promise<void> {
  await sql.query('UPDATE users SET full_name = $2, updated_on = $3 WHERE user_id = $1', [
    userId,
    fullName,
    now,
  ]);
}
