// Second factor for staff (issue 29): the words the gateway and the screens share. zod-free: the sign-in page
// shows them.

/** Digits of a TOTP code (RFC 6238 default, what every authenticator app shows). */
export const TOTP_DIGITS = 6;
/** Ten recovery codes, each 16 base32 characters in groups of four: `ABCD-EFGH-JKLM-NPQR`. */
export const RECOVERY_CODE_COUNT = 10;

export const SecondFactorMessages = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  codeRequired: 'Please enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is 6 digits.',
  recoveryCodeFormat: 'A recovery code is 16 letters and digits, e.g. ABCD-EFGH-JKLM-NPQR.',
  oneOfCodeOrRecoveryCode: 'Enter either a code from your authenticator app or a recovery code.',
  codeWrong: 'That code is not correct, or it has already been used. Wait for a new code and try again.',
  challengeExpired: 'Your sign-in has expired. Please sign in again with your password.',
  enrolmentRequired: 'Set up two-step sign-in before you can continue.',
  alreadyEnrolled: 'Two-step sign-in is already set up.',
  noEnrolmentStarted: 'Start the set-up again: no authenticator set-up is waiting.',
  enrolled: 'Two-step sign-in is set up.',
  removed: 'Two-step sign-in is turned off.',
  notEnrolled: 'Two-step sign-in is not set up.',
  staffOnly: 'Two-step sign-in is for staff accounts.',
  resetDone: 'Two-step sign-in was reset. The user sets it up again at the next sign-in.',
  resetSelf: 'You cannot reset your own two-step sign-in here. Use a recovery code on your Profile.',
  resetAffiliate: 'Affiliates do not use two-step sign-in.',
  resetNotEnrolled: 'This user has no two-step sign-in to reset.',
  resetConfirm: (name: string) =>
    `Reset two-step sign-in for ${name}? They are signed out and must set it up again at their next sign-in.`,
} as const;

/** `123456` after spaces are removed; undefined if it is not six digits. */
export function normaliseTotpCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : undefined;
}

/** `ABCDEFGHJKLMNPQR`: upper case, without spaces or hyphens; undefined if it cannot be a recovery code. */
export function normaliseRecoveryCode(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const code = value.replace(/[\s-]+/g, '').toUpperCase();
  return /^[A-Z2-7]{16}$/.test(code) ? code : undefined;
}
