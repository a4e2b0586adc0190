import { z } from 'zod';
import { Messages } from '../messages';

export const EMAIL_MAX_LENGTH = 254;

const emailFormat = z.email();

/** Emails are compared and stored trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function emailError(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return Messages.emailRequired;
  const email = normaliseEmail(value);
  if (email.length > EMAIL_MAX_LENGTH || !emailFormat.safeParse(email).success) return Messages.emailInvalid;
  return undefined;
}

export const EmailField = z
  .string({ error: Messages.emailRequired })
  .superRefine((value, ctx) => {
    const message = emailError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normaliseEmail);
