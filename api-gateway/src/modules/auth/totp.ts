import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '@portal/contracts';

/** RFC 6238 as every authenticator app reads an otpauth URI without extra parameters: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Affiliate Portal';
/** Clock skew allowed either side: one step (±30 s). */
const WINDOW = 1;

function totpFor(secret: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret: 160 random bits (RFC 4226's recommended length), base32 as authenticators take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans, and its QR code as a PNG data URL. */
export async function enrolmentOf(secret: string, email: string) {
  const otpauthUrl = totpFor(secret, email).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

/** The time step (30 s counter) a time falls in. */
export function timeStepOf(at: Date): number {
  return Math.floor(at.getTime() / 1000 / PERIOD_SECONDS);
}

/**
 * The time step whose code this is, within ±1 step of `now`, or undefined. The caller still has to take that
 * step atomically (`last_used_step < step`) so the code is accepted once.
 */
export function matchingTimeStep(secret: string, code: string, now: Date): number | undefined {
  let delta: number | null;
  try {
    delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  } catch {
    return undefined;
  }
  return delta === null ? undefined : timeStepOf(now) + delta;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * Ten recovery codes of 16 base32 characters (80 random bits each), shown as `ABCD-EFGH-JKLM-NPQR`. With that
 * much entropy a plain SHA-256 is enough to store them (no guessing is feasible, and the lockout counts every
 * wrong one), and it lets one indexed UPDATE take a code once.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(16);
    const chars = Array.from(bytes, (byte) => BASE32[byte & 31]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** SHA-256 (hex) of a recovery code as normalised by the contract (upper case, no hyphens). */
export function recoveryCodeHash(normalisedCode: string): string {
  return createHash('sha256').update(normalisedCode.replace(/-/g, '').toUpperCase()).digest('hex');
}
