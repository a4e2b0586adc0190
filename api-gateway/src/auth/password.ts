import { randomBytes, randomInt } from 'node:crypto';
import os from 'node:os';
import { argon2id, hash, needsRehash, verify } from 'argon2';

/** OWASP's argon2id minimum (m=19 MiB, t=2, p=1); raising it later rehashes on the next sign-in. */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * argon2 runs on libuv's thread pool (4 threads by default). With more threads than cores, a burst of
 * sign-ins all slow down together and each waits for the slowest; queueing them for one core each lets
 * the first ones finish at full speed (lower median latency), and leaves pool threads for file I/O.
 */
const MAX_PARALLEL_HASHES = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so running stays counted.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, PASSWORD_HASH_OPTIONS));
}

/** False for a wrong password and for a hash that cannot be read; never throws on bad input. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(storedHash, password));
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker settings than today's. */
export function passwordNeedsRehash(storedHash: string): boolean {
  try {
    return needsRehash(storedHash, PASSWORD_HASH_OPTIONS);
  } catch {
    return true;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification when there is no hash to check (unknown account, account
 * without a password), so answer times do not tell which emails exist.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await decoyHash, password);
  return false;
}

// No 0/O, 1/l/I: the password is read from an email and typed by hand.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '@#$%*';
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;

/**
 * A random 12-character temporary password (about 70 bits) with at least one upper-case letter,
 * lower-case letter, digit and symbol, so it also passes composition rules of other systems.
 */
export function generateTemporaryPassword(length = 12): string {
  const chars = [UPPER, LOWER, DIGITS, SYMBOLS].map((set) => set[randomInt(set.length)]);
  while (chars.length < length) chars.push(ALL[randomInt(ALL.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
