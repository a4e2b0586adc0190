import { z } from 'zod';
import { LoginResponse } from './auth';
import {
  SecondFactorMessages as M,
  normaliseRecoveryCode,
  normaliseTotpCode,
} from '../second-factor-messages';

/** The password step's answer when the account has a second factor: no token yet, a short-lived challenge. */
export const SecondFactorChallenge = z.object({
  secondFactorRequired: z.literal(true),
  /** Signed, valid for five minutes; sent back with the code. Not a session token. */
  challenge: z.string(),
  message: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallenge>;

/** What login/auth answers: the spec's login response, or a challenge when a code is needed. */
export const LoginAnswer = z.union([LoginResponse, SecondFactorChallenge]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

const totpCode = z
  .string({ error: M.codeFormat })
  .max(64, { error: M.codeFormat })
  .transform((value, ctx) => {
    const code = normaliseTotpCode(value);
    if (code === undefined) ctx.addIssue({ code: 'custom', message: M.codeFormat });
    return code ?? '';
  });
const recoveryCode = z
  .string({ error: M.recoveryCodeFormat })
  .max(64, { error: M.recoveryCodeFormat })
  .transform((value, ctx) => {
    const code = normaliseRecoveryCode(value);
    if (code === undefined) ctx.addIssue({ code: 'custom', message: M.recoveryCodeFormat });
    return code ?? '';
  });

/** A code from the authenticator app, or one of the recovery codes: exactly one. */
const CodeOrRecoveryCode = z
  .object({ code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    error: M.oneOfCodeOrRecoveryCode,
    path: ['code'],
  });

export const SecondFactorSignInRequest = z
  .object({
    challenge: z.string({ error: M.challengeExpired }).min(1, { error: M.challengeExpired }).max(2048, {
      error: M.challengeExpired,
    }),
  })
  .and(CodeOrRecoveryCode);
export type SecondFactorSignInRequest = z.infer<typeof SecondFactorSignInRequest>;

export const SecondFactorRemoveRequest = CodeOrRecoveryCode;
export type SecondFactorRemoveRequest = z.infer<typeof SecondFactorRemoveRequest>;

export const SecondFactorConfirmRequest = z.object({
  code: z.string({ error: M.codeRequired }).min(1, { error: M.codeRequired }).pipe(totpCode),
});
export type SecondFactorConfirmRequest = z.infer<typeof SecondFactorConfirmRequest>;

export const SecondFactorStatus = z.object({
  enrolled: z.boolean(),
  /** An Admin while ADMIN_SECOND_FACTOR is required: it cannot be turned off, only replaced with a recovery code. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>;

export const SecondFactorSetup = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code as a PNG data URL. */
  qrCode: z.string(),
});
export type SecondFactorSetup = z.infer<typeof SecondFactorSetup>;

export const SecondFactorConfirmResponse = z.object({
  message: z.string(),
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type SecondFactorConfirmResponse = z.infer<typeof SecondFactorConfirmResponse>;

export const SecondFactorResetResponse = z.object({ message: z.string(), userID: z.number().int() });
export type SecondFactorResetResponse = z.infer<typeof SecondFactorResetResponse>;
