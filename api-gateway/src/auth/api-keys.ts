import { randomBytes } from 'node:crypto';
import { API_KEY_NAME_RULE, ApiKeyMessages } from '@portal/contracts';
import type { AppContext } from '../context';
import { keyedHash, keyedHashMatches } from '../lib/keyed-hash';

/**
 * Integration API keys (DESIGN §5: the retail platform calls /api/integration/* with one in X-API-Key).
 * A key is 32 random bytes; only its keyed hash (lib/keyed-hash.ts, under the server secret) and its first
 * characters, to tell keys apart in a listing, are stored. The key itself is shown once, when created.
 * INTEGRATION_API_KEY, when set, is accepted too (a deployment's or the tests' configured key).
 */
export interface ApiKeyCaller {
  /** The key's name, or 'INTEGRATION_API_KEY' for the configured one. */
  name: string;
}

const KEY_PREFIX = 'apk_';
/** Longer than any key we issue; a longer header is refused before hashing. */
const MAX_KEY_LENGTH = 256;

export async function verifyApiKey(
  ctx: AppContext,
  presented: string | undefined,
): Promise<ApiKeyCaller | null> {
  if (!presented || presented.length > MAX_KEY_LENGTH) return null;
  const configured = ctx.config.integrationApiKey;
  if (
    configured &&
    keyedHashMatches(ctx, 'integration-api-key', presented, keyedHash(ctx, 'integration-api-key', configured))
  ) {
    return { name: 'INTEGRATION_API_KEY' };
  }
  const { rows } = await ctx.db.query<{ name: string }>(
    'SELECT name FROM integration_api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
    [keyedHash(ctx, 'integration-api-key', presented)],
  );
  return rows[0] ? { name: rows[0].name } : null;
}

export class ApiKeyError extends Error {}
/** A live key already has the name asked for. */
export class ApiKeyConflict extends ApiKeyError {}

/** Creates a key named `name` (no other live key may have that name) and answers the key, shown only now. */
export async function createApiKey(ctx: AppContext, name: string): Promise<string> {
  if (!API_KEY_NAME_RULE.test(name)) throw new ApiKeyError(ApiKeyMessages.name);
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    await tx.query('LOCK TABLE integration_api_keys IN SHARE ROW EXCLUSIVE MODE');
    const { rows } = await tx.query(
      'SELECT 1 FROM integration_api_keys WHERE name = $1 AND revoked_at IS NULL',
      [name],
    );
    if (rows.length) throw new ApiKeyConflict(ApiKeyMessages.exists(name));
    await tx.query('INSERT INTO integration_api_keys (name, key_prefix, key_hash) VALUES ($1, $2, $3)', [
      name,
      key.slice(0, KEY_PREFIX.length + 6),
      keyedHash(ctx, 'integration-api-key', key),
    ]);
  });
  return key;
}

/** Revokes the live key named `name`; answers whether there was one. Takes effect on the next call. */
export async function revokeApiKey(ctx: AppContext, name: string): Promise<boolean> {
  const { rowCount } = await ctx.db.query(
    'UPDATE integration_api_keys SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL',
    [name],
  );
  return rowCount > 0;
}

export async function listApiKeys(
  ctx: AppContext,
): Promise<{ name: string; prefix: string; createdAt: Date; revokedAt: Date | null }[]> {
  const { rows } = await ctx.db.query<{
    name: string;
    prefix: string;
    createdAt: Date;
    revokedAt: Date | null;
  }>(
    `SELECT name, key_prefix AS prefix, created_at AS "createdAt", revoked_at AS "revokedAt"
       FROM integration_api_keys ORDER BY key_id`,
  );
  return rows;
}
