import type { Sql } from '../../db/database';
import type { DataKeyring } from '../../lib/field-crypto';
import { openSecret, sealSecret, type StoredSecretRow } from '../../lib/sealed-secrets';
import { recoveryCodeHash } from './totp';

/**
 * The second factor's rows (migration 050). Every check that uses up something (a time step, a recovery code)
 * is one UPDATE with its condition in the WHERE clause, so two requests racing with the same code cannot both
 * pass, on any number of gateways.
 */

export interface SecondFactorRow {
  /** The clear secret, to compute codes with. */
  secret: string;
  /**
   * The value as stored (sealed, or clear on a row not sealed yet): updates that must act on the secret that
   * was checked compare it (`COALESCE(secret_sealed, secret) = $n`), as they compared the clear one before.
   */
  stored: string;
  confirmed: boolean;
}

/** The stored value's comparison in SQL (migration 065: sealed, or clear until sealed at start). */
const STORED = 'COALESCE(secret_sealed, secret)';

export async function findSecondFactor(
  sql: Sql,
  keyring: DataKeyring,
  userId: number,
): Promise<SecondFactorRow | undefined> {
  const { rows } = await sql.query<StoredSecretRow & { confirmed_at: Date | null }>(
    'SELECT secret, secret_sealed, confirmed_at FROM user_second_factors WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row
    ? {
        secret: openSecret(keyring, row),
        stored: (row.secret_sealed ?? row.secret) as string,
        confirmed: row.confirmed_at !== null,
      }
    : undefined;
}

/** Has the user a confirmed second factor? (Reads no secret.) */
export async function hasSecondFactor(sql: Sql, userId: number): Promise<boolean> {
  const { rows } = await sql.query(
    'SELECT 1 FROM user_second_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL',
    [userId],
  );
  return rows.length === 1;
}

/** A new pending secret, replacing a pending one; nothing when a confirmed one exists (answers false). */
export async function storePendingSecret(
  sql: Sql,
  keyring: DataKeyring,
  userId: number,
  secret: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await sql.query(
    `INSERT INTO user_second_factors (user_id, secret, secret_sealed, confirmed_at, last_used_step, created_at)
     VALUES ($1, NULL, $2, NULL, -1, $3)
     ON CONFLICT (user_id) DO UPDATE SET secret = NULL, secret_sealed = EXCLUDED.secret_sealed,
                                         created_at = EXCLUDED.created_at, last_used_step = -1
      WHERE user_second_factors.confirmed_at IS NULL
     RETURNING user_id`,
    [userId, sealSecret(keyring, secret), now],
  );
  return rows.length === 1;
}

/**
 * Confirms the pending secret that was checked (not one a concurrent set-up replaced), taking the code's step;
 * `stored` is the value as read (SecondFactorRow.stored).
 */
export async function confirmPendingSecret(
  sql: Sql,
  userId: number,
  stored: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE user_second_factors SET confirmed_at = $4, last_used_step = $3
      WHERE user_id = $1 AND ${STORED} = $2 AND confirmed_at IS NULL
     RETURNING user_id`,
    [userId, stored, step, now],
  );
  return rows.length === 1;
}

/** Takes a time step for a confirmed factor: false if it (or a later one) was already taken. */
export async function takeTimeStep(sql: Sql, userId: number, stored: string, step: number): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE user_second_factors SET last_used_step = $3
      WHERE user_id = $1 AND ${STORED} = $2 AND confirmed_at IS NOT NULL AND last_used_step < $3
     RETURNING user_id`,
    [userId, stored, step],
  );
  return rows.length === 1;
}

/** Uses a recovery code once: false if it is not one of the user's, or was used. */
export async function takeRecoveryCode(sql: Sql, userId: number, code: string, now: Date): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE second_factor_recovery_codes SET used_at = $3
      WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL
        AND EXISTS (SELECT 1 FROM user_second_factors f WHERE f.user_id = $1 AND f.confirmed_at IS NOT NULL)
     RETURNING user_id`,
    [userId, recoveryCodeHash(code), now],
  );
  return rows.length === 1;
}

/** Replaces the user's recovery codes with new ones (their hashes). */
export async function replaceRecoveryCodes(
  sql: Sql,
  userId: number,
  codes: readonly string[],
): Promise<void> {
  await sql.query('DELETE FROM second_factor_recovery_codes WHERE user_id = $1', [userId]);
  await sql.query(
    `INSERT INTO second_factor_recovery_codes (user_id, code_hash)
     SELECT $1, unnest($2::text[])`,
    [userId, codes.map((code) => recoveryCodeHash(code))],
  );
}

export async function recoveryCodesLeft(sql: Sql, userId: number): Promise<number> {
  const { rows } = await sql.query<{ left: number | string }>(
    'SELECT count(*) AS left FROM second_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return Number(rows[0].left);
}

/** Removes the factor and its recovery codes; answers whether a confirmed one was there. */
export async function removeSecondFactor(sql: Sql, userId: number): Promise<boolean> {
  await sql.query('DELETE FROM second_factor_recovery_codes WHERE user_id = $1', [userId]);
  const { rows } = await sql.query<{ confirmed_at: Date | null }>(
    'DELETE FROM user_second_factors WHERE user_id = $1 RETURNING confirmed_at',
    [userId],
  );
  return rows.some((row) => row.confirmed_at !== null);
}

/** Sessions of an Admin who must set up a second factor: every call but enrolment waits (api-router). */
export async function setEnrolmentRequired(sql: Sql, userId: number, required: boolean, sessionId?: string) {
  await sql.query(
    `UPDATE sessions SET second_factor_enrolment = $2
      WHERE user_id = $1 AND ($3::uuid IS NULL OR session_id = $3::uuid) AND revoked_at IS NULL`,
    [userId, required, sessionId ?? null],
  );
}
