import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import {
  SealedValueError,
  dataKeyId,
  decodeDataKey,
  keyedNumberHash,
  keyedNumberHashes,
  makeKeyring,
  maskNumber,
  open,
  seal,
  sealedKeyId,
} from '../field-crypto';

const keyA = randomBytes(32);
const keyB = randomBytes(32);

describe('sealed values', () => {
  it('open to what was sealed, name their key, and differ every time (random IV)', () => {
    const keyring = makeKeyring(keyA);
    const first = seal(keyring, 'nin_or_bvn', '22184069562');
    const second = seal(keyring, 'nin_or_bvn', '22184069562');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    expect(first).not.toContain('22184069562');
    expect(sealedKeyId(first)).toBe(dataKeyId(keyA));
    expect(open(keyring, 'nin_or_bvn', first)).toBe('22184069562');
  });

  it('do not open in another column, altered, or without their key', () => {
    const sealed = seal(makeKeyring(keyA), 'account_number', '0123456789');
    expect(() => open(makeKeyring(keyA), 'nin_or_bvn', sealed)).toThrow(SealedValueError);
    const parts = sealed.split(':');
    const flipped = Buffer.from(parts[4], 'base64url');
    flipped[0] ^= 1;
    parts[4] = flipped.toString('base64url');
    expect(() => open(makeKeyring(keyA), 'account_number', parts.join(':'))).toThrow(SealedValueError);
    expect(() => open(makeKeyring(keyB), 'account_number', sealed)).toThrow(/DATA_ENCRYPTION_OLD_KEYS/);
    expect(() => open(makeKeyring(keyA), 'account_number', '0123456789')).toThrow(SealedValueError);
  });

  it('open under an old key while a newer one seals (rotation)', () => {
    const sealedUnderA = seal(makeKeyring(keyA), 'nin_or_bvn', '31415926535');
    const rotating = makeKeyring(keyB, [keyA]);
    expect(rotating.currentId).toBe(dataKeyId(keyB));
    expect(open(rotating, 'nin_or_bvn', sealedUnderA)).toBe('31415926535');
    expect(sealedKeyId(seal(rotating, 'nin_or_bvn', '31415926535'))).toBe(dataKeyId(keyB));
  });
});

describe('keyed hashes', () => {
  it('are stable per key and field, name their key, and never carry the number', () => {
    const keyring = makeKeyring(keyA);
    const hash = keyedNumberHash(keyring, 'nin_or_bvn', '22184069562');
    expect(hash).toBe(keyedNumberHash(makeKeyring(keyA), 'nin_or_bvn', '22184069562'));
    expect(hash.startsWith(`${dataKeyId(keyA)}:`)).toBe(true);
    expect(hash).not.toContain('22184069562');
    expect(keyedNumberHash(keyring, 'account_number', '22184069562')).not.toBe(hash);
    expect(keyedNumberHash(makeKeyring(keyB), 'nin_or_bvn', '22184069562')).not.toBe(hash);
  });

  it('are computed under every known key for lookups during a rotation', () => {
    const hashes = keyedNumberHashes(makeKeyring(keyB, [keyA]), 'nin_or_bvn', '22184069562');
    expect(hashes).toHaveLength(2);
    expect(hashes).toContain(keyedNumberHash(makeKeyring(keyA), 'nin_or_bvn', '22184069562'));
    expect(hashes).toContain(keyedNumberHash(makeKeyring(keyB), 'nin_or_bvn', '22184069562'));
  });
});

test('masking keeps the last three characters and the length', () => {
  expect(maskNumber('22184069562')).toBe('••••••••562');
  expect(maskNumber('0123456789')).toBe('•••••••789');
  expect(maskNumber('12')).toBe('•2');
  expect(maskNumber('')).toBe('');
});

test('a key is 32 bytes of base64 or base64url, nothing else', () => {
  expect(decodeDataKey(keyA.toString('base64'))).toEqual(keyA);
  expect(decodeDataKey(keyA.toString('base64url'))).toEqual(keyA);
  expect(decodeDataKey(randomBytes(16).toString('base64'))).toBeNull();
  expect(decodeDataKey('x'.repeat(44))).toBeNull();
  expect(decodeDataKey('')).toBeNull();
});

describe('configuration', () => {
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'portal-data-key-'));
  const production = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40) };

  it('production refuses to start without DATA_ENCRYPTION_KEY, or with a malformed one', () => {
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir() })).toThrow(
      'The configuration is invalid: DATA_ENCRYPTION_KEY is required in production.',
    );
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir(), DATA_ENCRYPTION_KEY: 'short' })).toThrow(
      /DATA_ENCRYPTION_KEY must be 32 bytes in base64/,
    );
    const config = loadConfig({
      ...production,
      DATA_DIR: dataDir(),
      DATA_ENCRYPTION_KEY: keyA.toString('base64'),
    });
    expect(config.dataKeyring.currentId).toBe(dataKeyId(keyA));
  });

  it('old keys are read alongside the current one; a malformed old key is refused', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATA_ENCRYPTION_KEY: keyB.toString('base64'),
      DATA_ENCRYPTION_OLD_KEYS: ` ${keyA.toString('base64')} ,`,
    });
    expect([...config.dataKeyring.keys.keys()].sort()).toEqual([dataKeyId(keyA), dataKeyId(keyB)].sort());
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        DATA_ENCRYPTION_KEY: keyB.toString('base64'),
        DATA_ENCRYPTION_OLD_KEYS: 'nope',
      }),
    ).toThrow(/DATA_ENCRYPTION_OLD_KEYS/);
  });

  it('outside production an unset key is generated once under DATA_DIR, private, and kept', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.dataKeyring.currentId).toBe(first.dataKeyring.currentId);
    const file = path.join(dir, 'data-encryption-key');
    expect(decodeDataKey(readFileSync(file, 'utf8'))).not.toBeNull();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir() }).dataKeyring.currentId).not.toBe(first.dataKeyring.currentId);
  });
});
