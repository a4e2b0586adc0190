import { Messages } from '../messages';

export const EMAIL_MAX_LENGTH = 254;

/**
 * zod's own email pattern (`z.regexes.email`), copied so the sign-in page can check an email without loading
 * zod; a test keeps the two identical, escapes included.
 */
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Emails are compared and stored trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function emailError(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return Messages.emailRequired;
  const email = normaliseEmail(value);
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return Messages.emailInvalid;
  return undefined;
}
