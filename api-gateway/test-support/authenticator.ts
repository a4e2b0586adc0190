import { Secret, TOTP } from 'otpauth';

/**
 * The code an authenticator app shows at a time for a secret: RFC 6238's defaults (SHA-1, 6 digits, 30 s), as an
 * app reads an otpauth URI without extra parameters. Written apart from modules/auth/totp.ts on purpose: the
 * gateway's codes are checked against what the apps compute, not against themselves.
 */
export function totpCodeAt(secret: string, at: Date): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
}
