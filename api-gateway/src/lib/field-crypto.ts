import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Identity and bank numbers at rest (issue 29): AES-256-GCM under the data key, each value naming the key
 * that sealed it, so keys rotate without a flag day; equality (duplicate flags, exact search) through a
 * keyed hash (HMAC-SHA256 under a key derived from the data key), never the clear value.
 *
 * Sealed value: `v1:<keyId>:<iv>:<tag>:<ciphertext>`, the last three base64url; the field's name is the
 * additional authenticated data, so a value copied into another column does not open.
 * Keyed hash: `<keyId>:<base64url HMAC>`; a lookup computes it under every known key (current and old).
 */
export type SealedField = 'nin_or_bvn' | 'account_number' | 'totp_secret';

export interface DataKeyring {
  /** The key new values are sealed (and hashed) with. */
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

const VERSION = 'v1';

/** A key's id: derived from the key itself, so nothing else has to be configured or kept in step. */
export function dataKeyId(key: Buffer): string {
  return createHash('sha256')
    .update('affiliate-portal:data-key-id:')
    .update(key)
    .digest('base64url')
    .slice(0, 8);
}

/** Decodes a 32-byte base64 (or base64url) key; null when it is not one. */
export function decodeDataKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : null;
}

export function makeKeyring(current: Buffer, old: readonly Buffer[] = []): DataKeyring {
  const keys = new Map<string, Buffer>();
  for (const key of old) keys.set(dataKeyId(key), key);
  const currentId = dataKeyId(current);
  keys.set(currentId, current);
  return { currentId, keys };
}

export class SealedValueError extends Error {}

/** What a re-seal (at start, or rotate-data-key) did: sealed-numbers.ts and sealed-secrets.ts. */
export interface ResealReport {
  /** Rows rewritten under the current key. */
  rows: number;
  /** Rows whose sealed values name a key that is not configured: left as they are (reported, never lost). */
  unreadable: number;
}

export function seal(keyring: DataKeyring, field: SealedField, clear: string): string {
  const key = keyring.keys.get(keyring.currentId) as Buffer;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(field));
  const ciphertext = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    keyring.currentId,
    iv.toString('base64url'),
    tag.toString('base64url'),
    ciphertext.toString('base64url'),
  ].join(':');
}

/** The key id a sealed value names, or null when the text is not a sealed value. */
export function sealedKeyId(stored: string): string | null {
  const parts = stored.split(':');
  return parts.length === 5 && parts[0] === VERSION ? parts[1] : null;
}

export function open(keyring: DataKeyring, field: SealedField, stored: string): string {
  const parts = stored.split(':');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SealedValueError('not a sealed value');
  const key = keyring.keys.get(parts[1]);
  if (!key) {
    throw new SealedValueError(
      `sealed under key ${parts[1]}, which is neither DATA_ENCRYPTION_KEY nor in DATA_ENCRYPTION_OLD_KEYS`,
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[2], 'base64url'));
    decipher.setAAD(Buffer.from(field));
    decipher.setAuthTag(Buffer.from(parts[3], 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(parts[4], 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SealedValueError(`sealed value under key ${parts[1]} does not open (altered or wrong field)`);
  }
}

const hashKeys = new WeakMap<Buffer, Map<SealedField, Buffer>>();

function hashKey(key: Buffer, field: SealedField): Buffer {
  let perKey = hashKeys.get(key);
  if (!perKey) {
    perKey = new Map();
    hashKeys.set(key, perKey);
  }
  let derived = perKey.get(field);
  if (!derived) {
    derived = Buffer.from(
      hkdfSync('sha256', key, Buffer.alloc(0), `affiliate-portal:keyed-hash:${field}`, 32),
    );
    perKey.set(field, derived);
  }
  return derived;
}

function hashUnder(keyId: string, key: Buffer, field: SealedField, clear: string): string {
  return `${keyId}:${createHmac('sha256', hashKey(key, field)).update(clear).digest('base64url')}`;
}

/** The keyed hash stored beside a sealed value (under the current key). */
export function keyedNumberHash(keyring: DataKeyring, field: SealedField, clear: string): string {
  return hashUnder(keyring.currentId, keyring.keys.get(keyring.currentId) as Buffer, field, clear);
}

/** Every hash the value may be stored under while a rotation is under way: for `= ANY($n)` lookups. */
export function keyedNumberHashes(keyring: DataKeyring, field: SealedField, clear: string): string[] {
  return [...keyring.keys].map(([id, key]) => hashUnder(id, key, field, clear));
}

/** `••••••••562`: the last three characters visible, every other one a bullet (the length kept). */
export function maskNumber(clear: string): string {
  const visible = Math.min(3, Math.max(0, clear.length - 1));
  return '•'.repeat(clear.length - visible) + clear.slice(clear.length - visible);
}

/** Generates a new key in the format DATA_ENCRYPTION_KEY takes. */
export function newDataKey(): string {
  return randomBytes(32).toString('base64');
}
