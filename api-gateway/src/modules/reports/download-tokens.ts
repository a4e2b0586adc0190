import { createHash, randomBytes } from 'node:crypto';
import { DOWNLOAD_TOKEN_TTL_MINUTES } from '@portal/contracts';
import type { Sql } from '../../db/database';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The download call behind every report's excelPath. */
export const DOWNLOAD_PATH = '/api/report/download';

/**
 * A 256-bit random token for one file, good for DOWNLOAD_TOKEN_TTL_MINUTES and one download. Only its
 * hash is stored, so the table alone cannot be used to download anything.
 */
export async function issueDownloadToken(
  sql: Sql,
  fileId: string,
  userId: number,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql.query(
    'INSERT INTO download_tokens (token_hash, file_id, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
    [hashOf(token), fileId, userId, new Date(now.getTime() + DOWNLOAD_TOKEN_TTL_MINUTES * 60_000), now],
  );
  return token;
}

export const downloadPath = (token: string) => `${DOWNLOAD_PATH}?token=${encodeURIComponent(token)}`;

/**
 * Whose live link (unused, unexpired) a token is, or undefined. Does not use it up: the spec's check comes
 * before the download, and only the owner is told anything (see the check and download handlers).
 */
export async function liveDownloadTokenOwner(
  sql: Sql,
  token: string | undefined,
  now: Date,
): Promise<number | undefined> {
  if (!token) return undefined;
  const { rows } = await sql.query<{ user_id: string }>(
    `SELECT user_id FROM download_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
    [hashOf(token), now],
  );
  return rows[0] ? Number(rows[0].user_id) : undefined;
}

/**
 * Uses a token up for its owner, atomically: of two concurrent downloads only one gets the file id, and
 * another user's attempt leaves it untouched for the owner.
 */
export async function consumeDownloadToken(
  sql: Sql,
  token: string | undefined,
  userId: number,
  now: Date,
): Promise<string | undefined> {
  if (!token) return undefined;
  const { rows } = await sql.query<{ file_id: string }>(
    `UPDATE download_tokens SET used_at = $2
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 AND user_id = $3
      RETURNING file_id`,
    [hashOf(token), now, userId],
  );
  return rows[0]?.file_id;
}
